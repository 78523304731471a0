import type { BusinessUtterance } from '../../ports/voice-agent';

/** Whose voice says an utterance: the person at the business, or a recorded system voice. */
export type BusinessVoice = 'person' | 'machine';

/** One step of what the business side does next, in order. */
export type BusinessBeat =
  | { type: 'say'; utterance: BusinessUtterance; voice: BusinessVoice }
  /** Hold music for a while. */
  | { type: 'hold'; ms: number }
  /** The line rings through to someone else (a transfer). */
  | { type: 'ring'; ms: number }
  /** A voicemail beep. */
  | { type: 'beep' }
  | { type: 'pause'; ms: number }
  | { type: 'hang_up' };

/**
 * The business side of an answered call: a person, a menu, a mailbox or a recording. The call
 * script asks it what happens on answer, after the caller speaks or presses keys, and after the
 * caller stays silent.
 */
export interface BusinessParty {
  answer(): BusinessBeat[];
  hear(text: string): BusinessBeat[];
  digits(digits: string): BusinessBeat[];
  silence(): BusinessBeat[];
  /** Whether the caller is still in a menu that has repeated itself (checked when the call ends). */
  inMenuLoop(): boolean;
}
