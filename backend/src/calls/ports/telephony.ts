import type { AnsweredByData, PortHealth, TranscriptSegmentData } from '@ringcheck/projections';
import type { OpeningPeriod } from '../../discovery/ports/business-directory';

/** The business being called, as the call needs it. */
export interface CalledBusiness {
  /** Directory id of the place (sandbox behaviour is derived from it deterministically). */
  placeId: string;
  name: string;
  /** Google place types, e.g. ['plumber', 'point_of_interest']. */
  businessTypes: string[];
  timeZone: string | null;
  utcOffsetMinutes: number | null;
  openingPeriods: OpeningPeriod[];
}

export interface PlaceCallRequest {
  callId: string;
  /** E.164. */
  to: string;
  from: string;
  business: CalledBusiness;
  /** 1 for the first attempt; a business may behave differently when called again. */
  attempt: number;
  /** 1 = real time; 0.01 = a hundred times faster (tests). */
  timeScale: number;
}

export type AnsweredBy = AnsweredByData;

/** Speaker of a transcript segment, as the report labels it. */
export type Speaker = TranscriptSegmentData['speaker'];

/** A line of the conversation, in ms from the moment the call was answered; confidence 0–1. */
export type TranscriptSegment = TranscriptSegmentData;

/**
 * What a telephony provider reports about a call, in order: `atMs` never decreases. Times are call-clock
 * milliseconds from dialling (already multiplied back to real-world durations, whatever the time scale).
 * An answered call ends with 'completed' and then its 'recording', at the same time. A transcript segment
 * is reported once said; after a voicemail answer the caller says nothing: the voice agents hang up
 * without leaving a message.
 */
export type CallProgress =
  | { kind: 'dialing'; atMs: number }
  | { kind: 'ringing'; atMs: number; ring: number }
  | { kind: 'answered'; atMs: number; answeredBy: AnsweredBy }
  | { kind: 'busy'; atMs: number }
  | { kind: 'no_answer'; atMs: number; rings: number }
  | { kind: 'failed'; atMs: number; reason: string }
  | { kind: 'transcript'; atMs: number; segment: TranscriptSegment }
  | { kind: 'dtmf'; atMs: number; digits: string }
  | { kind: 'hold'; atMs: number; on: boolean }
  | { kind: 'ivr_loop'; atMs: number }
  | { kind: 'completed'; atMs: number; endedBy: 'caller' | 'business' }
  | { kind: 'recording'; atMs: number; wav: Buffer | null; note: string | null };

export interface CallHandle {
  /** The provider's id of the call (Twilio CallSid; sandbox: 'SB…'). */
  providerCallId: string;
  /** Ends the call now; the provider then reports 'completed' (or nothing more if not yet answered). */
  hangUp(): Promise<void>;
  /** Resolves after the provider's last report. */
  finished: Promise<void>;
}

/** The telephony port: the sandbox phone network by default, Twilio behind the same shape. */
export interface TelephonyProvider {
  readonly adapterName: string;
  /** The number calls come from (E.164), as the report shows it. */
  readonly callerNumber: string;
  placeCall(request: PlaceCallRequest, onProgress: (progress: CallProgress) => void): Promise<CallHandle>;
  health(): Promise<PortHealth>;
}

export const TELEPHONY = Symbol('TELEPHONY');
