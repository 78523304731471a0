import type { AudioSpan, CallScript, ScriptedProgress } from './call-script';
import { wordsSpokenBy } from './speech-timing';

/**
 * The script of a call the caller hung up at `atMs`: what was reported by then, the words of any
 * segment being spoken at that moment, hold ended, and 'completed' by the caller if the call had
 * been answered (an unanswered call just stops). Audio is cut at the same moment.
 */
export function truncateCallScript(script: CallScript, atMs: number): CallScript {
  if (atMs >= script.durationMs) return script;
  const cut = Math.max(0, atMs);
  const answeredAt = script.answeredAtMs;
  const answered = answeredAt !== null && answeredAt <= cut;
  const events: ScriptedProgress[] = script.events.filter((event) => event.atMs <= cut);
  for (const event of script.events) {
    if (event.kind !== 'transcript' || event.atMs <= cut || answeredAt === null) continue;
    const startedAt = answeredAt + event.segment.startMs;
    if (startedAt >= cut) continue;
    const text = wordsSpokenBy(event.segment.text, event.segment.endMs - event.segment.startMs, cut - startedAt);
    if (text.length === 0) continue;
    events.push({ kind: 'transcript', atMs: cut, segment: { ...event.segment, text, endMs: cut - answeredAt } });
  }
  const holding = events.reduce((on, event) => (event.kind === 'hold' ? event.on : on), false);
  if (holding) events.push({ kind: 'hold', atMs: cut, on: false });
  if (answered) events.push({ kind: 'completed', atMs: cut, endedBy: 'caller' });
  const audio = script.audio.filter((span) => span.startMs < cut).map((span): AudioSpan => (span.endMs > cut ? cutSpan(span, cut) : span));
  return { ...script, durationMs: cut, events, audio };
}

function cutSpan(span: AudioSpan, cut: number): AudioSpan {
  if (span.kind !== 'speech') return { ...span, endMs: cut };
  const text = wordsSpokenBy(span.text, span.endMs - span.startMs, cut - span.startMs);
  return { ...span, text: text || span.text, endMs: cut };
}
