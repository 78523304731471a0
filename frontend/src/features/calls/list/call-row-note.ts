import type { CallListItem as Call } from '../../../api/calls-api';
import { CONNECTION_STATUS_LABELS } from '../display/call-labels';
import { callProgress } from '../report/call-progress';

/** The line under a call's status in My Calls; `warning` when the business was not reached. */
export interface CallRowNote {
  text: string;
  warning: boolean;
}

/** Where a live call stands now, from the same steps the report shows (e.g. 'Ringing · Ring 2'). */
function liveStepText(call: Call): string | null {
  const step = callProgress(call).find((candidate) => candidate.state === 'active');
  if (!step) return null;
  if (step.key === 'queued') return step.detail;
  if (!step.detail) return step.label;
  return step.detail.toLowerCase().startsWith(step.label.toLowerCase()) ? step.detail : `${step.label} · ${step.detail}`;
}

/**
 * A call's outcome once its analysis is in, or its live step while it runs: pushed changes show here
 * without a reload. Nothing for failed and canceled calls, whose badge says it all.
 */
export function callRowNote(call: Call): CallRowNote | null {
  if (call.status === 'completed') {
    if (!call.analysis) return { text: 'Analyzing', warning: false };
    const status = call.analysis.connection_status;
    return { text: CONNECTION_STATUS_LABELS[status] ?? status, warning: status !== 'answered' };
  }
  if (call.status === 'queued' || call.status === 'in_progress') {
    const text = liveStepText(call);
    return text ? { text, warning: false } : null;
  }
  return null;
}
