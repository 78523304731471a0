import { SimpleGrid } from '@mantine/core';
import type { CallAnalysis } from '../../../api/calls-api';
import { attemptsFigure, firstCallFigure } from '../display/attempt-figures';
import { CONNECTION_STATUS_LABELS } from '../display/call-labels';
import { StatTile } from './stat-tile';

/** What everyone may see of a call's analysis: connection status, attempts, first-call success. */
export function PreviewStats({ analysis }: { analysis: CallAnalysis }) {
  const attempts = attemptsFigure(analysis);
  const firstCall = firstCallFigure(analysis);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <StatTile
        label="Connection status"
        value={CONNECTION_STATUS_LABELS[analysis.connection_status] ?? analysis.connection_status}
        color={analysis.connection_status === 'answered' ? 'green' : 'red'}
      />
      <StatTile label={attempts.label} value={attempts.value} hint={attempts.hint} />
      <StatTile
        label={firstCall.label}
        value={firstCall.value}
        color={analysis.first_call_success ? 'green' : 'red'}
        hint={firstCall.hint}
      />
    </SimpleGrid>
  );
}
