import type { PortHealth } from '@ringcheck/projections';
import type { CalledBusiness, TranscriptSegment } from './telephony';
import type { CallerGoal, CallerPersona } from './voice-agent';

/**
 * Twilio Media Streams, bidirectional (`<Connect><Stream>`): the messages Twilio sends on the WebSocket.
 * Audio is base64 G.711 mu-law, 8 kHz, mono, 20 ms (160 bytes) per media message.
 */
export type MediaStreamInbound =
  | { event: 'connected'; protocol: string; version: string }
  | {
      event: 'start';
      sequenceNumber: string;
      streamSid: string;
      start: {
        streamSid: string;
        accountSid: string;
        callSid: string;
        tracks: string[];
        customParameters: Record<string, string>;
        mediaFormat: { encoding: string; sampleRate: number; channels: number };
      };
    }
  | {
      event: 'media';
      sequenceNumber: string;
      streamSid: string;
      media: { track: string; chunk: string; timestamp: string; payload: string };
    }
  | { event: 'mark'; sequenceNumber: string; streamSid: string; mark: { name: string } }
  | { event: 'dtmf'; sequenceNumber: string; streamSid: string; dtmf: { track: string; digit: string } }
  | { event: 'stop'; sequenceNumber: string; streamSid: string; stop: { accountSid: string; callSid: string } };

/** What we may send back on a bidirectional stream. */
export type MediaStreamOutbound =
  | { event: 'media'; streamSid: string; media: { payload: string } }
  | { event: 'mark'; streamSid: string; mark: { name: string } }
  | { event: 'clear'; streamSid: string };

/** One live call's media stream, after its `start` message, as the telephony adapter hands it on. */
export interface MediaStreamConnection {
  readonly callSid: string;
  readonly streamSid: string;
  /** The `<Parameter>`s of the TwiML that opened the stream (our call id and its one-time token). */
  readonly customParameters: Record<string, string>;
  send(message: MediaStreamOutbound): void;
  /** Every message after `start`, in order (media, mark, dtmf, stop). */
  onMessage(listener: (message: MediaStreamInbound) => void): void;
  onClose(listener: () => void): void;
  close(): void;
}

/** Why the caller ends a call; `agent_error`: the voice model failed or its connection dropped. */
export type CallerHangUpReason = 'goal_reached' | 'voicemail' | 'closed' | 'ivr_loop' | 'silence' | 'max_length' | 'agent_error';

/** What the voice agent reports about the conversation; times are ms from the stream's start (the answer). */
export interface RealtimeCallerEvents {
  transcript(segment: TranscriptSegment): void;
  /** Keys the caller pressed (sent in-band as DTMF tones on the stream). */
  digits(digits: string, atMs: number): void;
  /** The same menu was heard again and again. */
  ivrLoop(atMs: number): void;
  /** The caller is done; the telephony adapter ends the call. */
  hangUp(reason: CallerHangUpReason, atMs: number): void;
}

export interface RealtimeCallSetup {
  callId: string;
  business: CalledBusiness;
  goal: CallerGoal;
  persona: CallerPersona;
  /** The call is ended politely by the caller at this length. */
  maxDurationMs: number;
}

/** One call's caller, opened while the phone rings so the first reply is not late. */
export interface RealtimeCallerSession {
  /** Connects the answered call's media stream; from here on the caller listens and speaks. */
  attach(stream: MediaStreamConnection, events: RealtimeCallerEvents): void;
  /** Ends the session (the call ended, or was never answered). */
  close(): void;
}

/**
 * The realtime voice agent: holds the conversation over a phone call's audio (OpenAI Realtime over the
 * Twilio media stream). The scripted caller of the sandbox network is turn-based and does not need it.
 */
export interface RealtimeVoiceAgent {
  readonly adapterName: string;
  prepare(setup: RealtimeCallSetup): RealtimeCallerSession;
  health(): Promise<PortHealth>;
}

export const REALTIME_VOICE_AGENT = Symbol('REALTIME_VOICE_AGENT');
