import { Badge } from '@mantine/core';
import type { CallStatus } from '../../../api/calls-api';
import { STATUS_COLORS, STATUS_LABELS } from '../display/call-labels';

export function CallStatusBadge({ status }: { status: CallStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant={status === 'in_progress' ? 'filled' : 'light'}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
