import { type CallListItem as Call, type CallTimelineEntry, isFullCall } from '../../../api/calls-api';
import { CALL_MESSAGES } from '../call-messages';
import { ANSWERED_BY_LABELS } from '../display/call-labels';

export type ProgressStepKey =
  | 'queued'
  | 'calling'
  | 'dialing'
  | 'ringing'
  | 'answered'
  | 'conversation'
  | 'analyzing'
  | 'done'
  | 'failed'
  | 'canceled';

/** done: happened; active: happening now; upcoming: not yet; skipped: the call moved past it; stopped: where it ended early. */
export type ProgressStepState = 'done' | 'active' | 'upcoming' | 'skipped' | 'stopped';

export interface ProgressStep {
  key: ProgressStepKey;
  label: string;
  state: ProgressStepState;
  /** What happened at this step, e.g. 'Ring 3' or 'Answered by a person'. */
  detail: string | null;
  /** Notable events within the step (retries, holds, menu choices). */
  notes: string[];
  /** Ms from the call's creation to the step's first event, when it happened. */
  offsetMs: number | null;
}

const LIVE_STEPS: Array<{ key: Exclude<ProgressStepKey, 'failed' | 'canceled'>; label: string; kinds: string[] }> = [
  { key: 'queued', label: 'Queued', kinds: ['queued'] },
  { key: 'dialing', label: 'Dialing', kinds: ['dialing', 'busy', 'no_answer'] },
  { key: 'ringing', label: 'Ringing', kinds: ['ringing'] },
  { key: 'answered', label: 'Answered', kinds: ['answered', 'ivr', 'ivr_loop'] },
  { key: 'conversation', label: 'Conversation', kinds: ['conversation', 'hold'] },
  { key: 'analyzing', label: 'Analyzing', kinds: ['ended'] },
  { key: 'done', label: 'Done', kinds: ['analyzed'] },
];

/** The event kinds that mark a step as reached (notes like a hold do not). */
const REACHED_BY: Record<string, string> = {
  queued: 'queued',
  dialing: 'dialing',
  ringing: 'ringing',
  answered: 'answered',
  conversation: 'conversation',
  analyzing: 'ended',
  done: 'analyzed',
};

const NOTE_KINDS = new Set(['busy', 'no_answer', 'ivr', 'ivr_loop', 'hold']);

function offsetOf(call: Call, entry: CallTimelineEntry | undefined): number | null {
  if (!entry) return null;
  const offset = Date.parse(entry.at) - Date.parse(call.created_at);
  return Number.isFinite(offset) ? Math.max(0, offset) : null;
}

function detailOf(call: Call, key: ProgressStepKey, state: ProgressStepState): string | null {
  const live = state === 'active';
  const full = isFullCall(call) ? call : null;
  switch (key) {
    case 'queued':
      return live ? 'Waiting for a free line' : null;
    case 'dialing':
      return call.retry_count > 0 ? `Attempt ${call.retry_count + 1}` : null;
    case 'calling':
      if (call.retry_count > 0) return `Attempt ${call.retry_count + 1}`;
      return live ? 'Calling the business' : null;
    case 'ringing':
      if (!full?.ring_count) return null;
      return live ? `Ring ${full.ring_count}` : `${full.ring_count} ${full.ring_count === 1 ? 'ring' : 'rings'}`;
    case 'answered':
      return full?.answered_by ? ANSWERED_BY_LABELS[full.answered_by] : null;
    case 'conversation': {
      const lines = full && ('transcript' in full ? full.transcript.length : full.transcript_lines);
      if (lines === undefined || lines === 0) return live ? 'The caller is talking with the business' : null;
      return `${lines} ${lines === 1 ? 'line' : 'lines'}${live ? ' so far' : ''}`;
    }
    case 'analyzing':
      if (live) return 'Scoring the call';
      return state === 'done' ? 'Call ended' : null;
    case 'done':
      return state === 'done' ? 'Analysis ready' : null;
    default:
      return null;
  }
}

const PREVIEW_STEPS: Array<{ key: ProgressStepKey; label: string }> = [
  { key: 'queued', label: 'Queued' },
  { key: 'calling', label: 'Calling' },
  { key: 'analyzing', label: 'Analyzing' },
  { key: 'done', label: 'Done' },
];

/** The steps a preview can tell (no timeline): where the call is, never when each step happened. */
function previewProgress(call: Call): ProgressStep[] {
  const stoppedEarly = call.phase === 'failed' || call.phase === 'canceled';
  const current = stoppedEarly ? -1 : PREVIEW_STEPS.findIndex((step) => step.key === call.phase);
  const steps: ProgressStep[] = PREVIEW_STEPS.filter((_step, index) => !stoppedEarly || index === 0).map((step, index) => {
    const state: ProgressStepState = stoppedEarly || index < current || step.key === 'done' && index === current ? 'done' : index === current ? 'active' : 'upcoming';
    return { key: step.key, label: step.label, state, detail: detailOf(call, step.key, state), notes: [], offsetMs: null };
  });
  if (stoppedEarly) steps.push(stoppedStep(call, undefined));
  return steps;
}

function stoppedStep(call: Call, entry: CallTimelineEntry | undefined): ProgressStep {
  const kind = call.phase as 'failed' | 'canceled';
  return {
    key: kind,
    label: kind === 'failed' ? 'Failed' : 'Canceled',
    state: 'stopped',
    detail: kind === 'failed' ? call.error_message || CALL_MESSAGES.failedFallback : (entry?.text ?? 'Call canceled'),
    notes: [],
    offsetMs: offsetOf(call, entry),
  };
}

/** The steps of a call from queued to done, as the live report shows them. */
export function callProgress(call: Call): ProgressStep[] {
  if (!isFullCall(call)) return previewProgress(call);
  const timeline = call.timeline;
  const seen = new Set(timeline.map((entry) => entry.kind));
  const stoppedEarly = call.phase === 'failed' || call.phase === 'canceled';
  const current = LIVE_STEPS.findIndex((step) => step.key === call.phase);
  const steps: ProgressStep[] = [];

  LIVE_STEPS.forEach((step, index) => {
    const reached = seen.has(REACHED_BY[step.key]);
    let state: ProgressStepState;
    if (stoppedEarly) {
      if (!reached) return;
      state = 'done';
    } else if (index < current) {
      state = reached || step.key === 'queued' ? 'done' : 'skipped';
    } else if (index === current) {
      state = step.key === 'done' ? 'done' : 'active';
    } else {
      state = 'upcoming';
    }
    const entries = timeline.filter((entry) => step.kinds.includes(entry.kind));
    steps.push({
      key: step.key,
      label: step.label,
      state,
      detail: detailOf(call, step.key, state),
      notes: entries.filter((entry) => NOTE_KINDS.has(entry.kind) || (entry.kind === 'dialing' && entry !== entries[0])).map((e) => e.text),
      offsetMs: state === 'upcoming' || state === 'skipped' ? null : offsetOf(call, entries[0]),
    });
  });

  if (stoppedEarly) steps.push(stoppedStep(call, timeline.find((e) => e.kind === call.phase)));
  return steps;
}
