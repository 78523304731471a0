import type { CallAnalysisInput, CallMetrics } from '../ports/call-analyzer';
import { round1, round2 } from './format';
import { mergeIntervals, subtractIntervals, totalLength, type Interval } from './intervals';
import type { IndexedSegment, TranscriptView } from './transcript-view';

/** Silences shorter than this are the ordinary rhythm of a conversation. */
export const DEAD_AIR_MIN_MS = 2000;
/** Speech-to-text timestamps jitter by a few hundred ms; smaller overlaps are not someone talking over. */
export const OVERLAP_MIN_MS = 250;

export interface Overlap {
  /** The segment that started while the other party was still speaking. */
  segment: IndexedSegment;
  /** The segment it talked over. */
  over: IndexedSegment;
  overlapMs: number;
}

export interface MetricsDetail {
  metrics: CallMetrics;
  /** Call-clock ms from dialling to the answer; null when unanswered. */
  timeToAnswerMs: number | null;
  holds: Interval[];
  holdMs: number;
  businessTalkMs: number;
  callerTalkMs: number;
  deadAir: Interval[];
  overlaps: Overlap[];
}

export function computeMetrics(input: CallAnalysisInput, view: TranscriptView): MetricsDetail {
  const holds = mergeIntervals(input.holdPeriods);
  const holdMs = totalLength(holds);
  const timeToAnswerMs = input.timeToAnswerMs ?? input.answeredAtMs;
  const answered = input.connectionStatus !== 'busy' && input.connectionStatus !== 'no_answer' && input.connectionStatus !== 'failed';
  const waitMs = answered && timeToAnswerMs !== null ? timeToAnswerMs + holdMs : input.callDurationMs;

  const businessTalkMs = talkTime(view.business);
  const callerTalkMs = talkTime(view.caller);
  const totalTalk = businessTalkMs + callerTalkMs;
  const deadAir = deadAirOf(view, holds, conversationStartMs(input, view));
  const overlaps = overlapsOf(view);

  return {
    metrics: {
      callDuration: round1(Math.max(0, input.callDurationMs) / 1000),
      waitTime: round1(Math.max(0, waitMs) / 1000),
      talkTimeRatio: totalTalk === 0 ? 0 : round2(businessTalkMs / totalTalk),
      interruptions: overlaps.length,
      deadAirTime: round1(totalLength(deadAir) / 1000),
    },
    timeToAnswerMs: answered ? timeToAnswerMs : null,
    holds,
    holdMs,
    businessTalkMs,
    callerTalkMs,
    deadAir,
    overlaps,
  };
}

function talkTime(segments: readonly IndexedSegment[]): number {
  return segments.reduce((sum, s) => sum + (s.endMs - s.startMs), 0);
}

/**
 * When someone is on the line to talk to: the answer, or for a call a menu answered, the greeting of
 * the person it put the caller through to (silences while the menu waits for a keypress or the
 * transfer rings are not dead air). Null when no one ever was.
 */
export function conversationStartMs(input: CallAnalysisInput, view: TranscriptView): number | null {
  if (input.connectionStatus === 'ivr_loop') return null;
  if (input.answeredBy !== 'ivr') return 0;
  const firstCaller = view.caller[0];
  if (!firstCaller) return null;
  const greeting = view.business.filter((s) => s.startMs < firstCaller.startMs).pop();
  return greeting ? greeting.startMs : firstCaller.startMs;
}

/** Silences of DEAD_AIR_MIN_MS or more from the start of the conversation to the last word, not counting hold. */
function deadAirOf(view: TranscriptView, holds: Interval[], fromMs: number | null): Interval[] {
  if (view.all.length === 0 || fromMs === null) return [];
  const lastWordMs = Math.max(...view.all.map((s) => s.endMs));
  const silences = subtractIntervals([{ startMs: fromMs, endMs: lastWordMs }], view.all);
  return subtractIntervals(silences, holds).filter((gap) => gap.endMs - gap.startMs >= DEAD_AIR_MIN_MS);
}

/** Each segment that begins while the other party is still talking counts once. */
function overlapsOf(view: TranscriptView): Overlap[] {
  const overlaps: Overlap[] = [];
  view.all.forEach((segment, position) => {
    let best: Overlap | null = null;
    for (const earlier of view.all.slice(0, position)) {
      if (earlier.speaker === segment.speaker) continue;
      const overlapMs = Math.min(earlier.endMs, segment.endMs) - segment.startMs;
      if (overlapMs >= OVERLAP_MIN_MS && (!best || overlapMs > best.overlapMs)) best = { segment, over: earlier, overlapMs };
    }
    if (best) overlaps.push(best);
  });
  return overlaps;
}
