import { SimpleGrid } from '@mantine/core';
import type { CallAnalysis } from '../../../api/calls-api';
import { CONNECTION_STATUS_LABELS } from '../display/call-labels';
import { StatTile } from './stat-tile';

/** What everyone may see of a call's analysis: connection status, attempts, first-call success. */
export function PreviewStats({ analysis }: { analysis: CallAnalysis }) {
  const attempts = analysis.attempts_before_pickup;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <StatTile
        label="Connection status"
        value={CONNECTION_STATUS_LABELS[analysis.connection_status] ?? analysis.connection_status}
        color={analysis.connection_status === 'answered' ? 'green' : 'red'}
      />
      <StatTile
        label="Attempts before pickup"
        value={attempts}
        hint={analysis.connection_status === 'answered' ? (attempts === 1 ? 'Picked up on the first try' : `Picked up on attempt ${attempts}`) : 'Never picked up'}
      />
      <StatTile
        label="First-call success"
        value={analysis.first_call_success ? 'Yes' : 'No'}
        color={analysis.first_call_success ? 'green' : 'red'}
        hint="Answered on the first attempt"
      />
    </SimpleGrid>
  );
}
