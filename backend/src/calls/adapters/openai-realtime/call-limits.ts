import type { CallerHangUpReason } from '../../ports/media-stream';

export const DEFAULT_SILENCE_MS = 12_000;

export interface ConversationClock {
  nowMs: number;
  maxDurationMs: number;
  silenceMs: number;
  /** The later of the end of the business's last speech and the end of our last playback. */
  lastActivityMs: number;
  businessSpeaking: boolean;
  callerPlaying: boolean;
}

export type WrapUpReason = Extract<CallerHangUpReason, 'silence' | 'max_length'>;

/** Whether the call should be wrapped up now, and why. */
export function wrapUpReason(clock: ConversationClock): WrapUpReason | null {
  if (clock.nowMs >= clock.maxDurationMs) return 'max_length';
  if (clock.businessSpeaking || clock.callerPlaying) return null;
  return clock.nowMs - clock.lastActivityMs >= clock.silenceMs ? 'silence' : null;
}

export const WRAP_UP_INSTRUCTIONS: Record<WrapUpReason, string> = {
  silence:
    "The line has been silent for a while. Say one short, polite goodbye now, such as: \"Sorry, I think I lost you. I'll try again later. Bye!\" Ask nothing more.",
  max_length: 'The call has gone on long enough. Thank them warmly and say one short, polite goodbye now. Ask nothing more.',
};
