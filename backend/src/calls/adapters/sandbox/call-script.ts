import type { CallProgress } from '../../ports/telephony';
import type { LineKind } from './behavior-profile';
import type { SynthesisVoice } from './speech-synthesizer';

/** Every report but the recording, which is rendered when the call ends. */
export type ScriptedProgress = Exclude<CallProgress, { kind: 'recording' }>;

/** Something audible in the recording, in call-clock milliseconds from dialling. */
export type AudioSpan =
  /** US ringback (440 + 480 Hz) while a ring is on, on the business channel. */
  | { kind: 'ringback'; startMs: number; endMs: number }
  | { kind: 'hold_music'; startMs: number; endMs: number }
  | { kind: 'beep'; startMs: number; endMs: number }
  /** A keypress tone on the caller channel. */
  | { kind: 'dtmf'; startMs: number; endMs: number; digit: string }
  | { kind: 'speech'; channel: 'caller' | 'business'; startMs: number; endMs: number; text: string; voice: SynthesisVoice };

/** A whole sandbox call, decided before it is played: what is reported when, and what is heard. */
export interface CallScript {
  callId: string;
  placeId: string;
  attempt: number;
  /** ISO time of dialling. */
  startedAt: string;
  /** From the business's hours in its own time zone; null when unknown. */
  duringBusinessHours: boolean | null;
  /** What the line did. */
  line: LineKind;
  /** The caller's goal, as one line. */
  goal: string;
  answeredAtMs: number | null;
  durationMs: number;
  /** In order of `atMs`. */
  events: ScriptedProgress[];
  audio: AudioSpan[];
}
