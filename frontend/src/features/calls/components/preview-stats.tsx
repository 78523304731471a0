import { SimpleGrid } from '@mantine/core';
import type { CallAnalysis } from '../../../api/calls-api';
import { attemptsFigure, firstCallFigure } from '../display/attempt-figures';
import { CONNECTION_STATUS_LABELS } from '../display/call-labels';
import { StatTile } from './stat-tile';

/** The preview's figures, by the names the anonymous_preview flag's `preview_fields` use. */
export const PREVIEW_FIELDS = ['connection_status', 'attempts_before_pickup', 'first_call_success'] as const;

/** What everyone may see of a call's analysis: connection status, attempts, first-call success (or those of `fields`). */
export function PreviewStats({ analysis, fields = PREVIEW_FIELDS }: { analysis: CallAnalysis; fields?: readonly string[] }) {
  const attempts = attemptsFigure(analysis);
  const firstCall = firstCallFigure(analysis);
  const shown = (field: (typeof PREVIEW_FIELDS)[number]) => fields.includes(field);
  return (
    <SimpleGrid cols={{ base: 1, xs: Math.max(1, Math.min(3, fields.length)) }} spacing="sm">
      {shown('connection_status') && (
        <StatTile
          label="Connection status"
          value={CONNECTION_STATUS_LABELS[analysis.connection_status] ?? analysis.connection_status}
          color={analysis.connection_status === 'answered' ? 'green' : 'red'}
        />
      )}
      {shown('attempts_before_pickup') && <StatTile label={attempts.label} value={attempts.value} hint={attempts.hint} />}
      {shown('first_call_success') && (
        <StatTile
          label={firstCall.label}
          value={firstCall.value}
          color={analysis.first_call_success ? 'green' : 'red'}
          hint={firstCall.hint}
        />
      )}
    </SimpleGrid>
  );
}
