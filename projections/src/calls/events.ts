import { eventUnion } from '../domain-events';
import type { CallAnalysisReport } from './call-report';

/** Events of the calls context (stream `call-<id>`): one test call from request to analysis. */

export type CallKind = 'secret_shopper' | 'realtime' | 'standard' | 'test' | 'mock';
export type ConnectionStatus = 'answered' | 'voicemail' | 'busy' | 'no_answer' | 'failed' | 'ivr_loop' | 'other';
export type AnsweredByData = 'human' | 'voicemail' | 'ivr';
export type CallStatus = 'queued' | 'in_progress' | 'completed' | 'failed' | 'canceled';

export interface CalledBusinessData {
  placeId: string;
  name: string;
  businessTypes: string[];
  timeZone: string | null;
  utcOffsetMinutes: number | null;
  openingPeriods: Array<{ open: { day: number; hour: number; minute: number }; close?: { day: number; hour: number; minute: number } }>;
}

export interface RetryPolicyData {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  retryOn: Array<'busy' | 'no_answer'>;
  delayMs: number;
}

export interface TranscriptSegmentData {
  speaker: 'caller' | 'business';
  text: string;
  startMs: number;
  endMs: number;
  confidence: number;
}

export interface CallRequestedData {
  callId: string;
  ownerId: string | null;
  kind: CallKind;
  discoveryId: string | null;
  placeSearchResultId: string | null;
  businessName: string;
  toNumber: string;
  fromNumber: string;
  business: CalledBusinessData | null;
  retryPolicy: RetryPolicyData;
  /** 1 = real time; smaller is faster (tests, benchmarks). */
  timeScale: number;
  /** The call waits for an explicit place_call (the create-then-place flow). */
  awaitingPlacement: boolean;
  /** The telephony that will place it (`sandbox` or a carrier); schema version 2 (version 1 calls were all sandbox calls). */
  provider: string;
}

export interface CallPlacementRequestedData {
  callId: string;
}

export interface CallPlacedData {
  callId: string;
  attempt: number;
  provider: string;
  providerCallId: string;
  callerGoal: string;
}

export interface CallRingingData {
  callId: string;
  attempt: number;
  ring: number;
  atMs: number;
}

export interface CallAnsweredData {
  callId: string;
  attempt: number;
  answeredBy: AnsweredByData;
  atMs: number;
}

export interface CallAttemptEndedData {
  callId: string;
  attempt: number;
  outcome: 'busy' | 'no_answer';
  rings: number;
  atMs: number;
  /** When another attempt follows, after this delay. */
  retryInMs: number | null;
}

export interface TranscriptSegmentRecordedData {
  callId: string;
  index: number;
  segment: TranscriptSegmentData;
}

export interface CallHoldChangedData {
  callId: string;
  on: boolean;
  atMs: number;
}

export interface IvrDigitsPressedData {
  callId: string;
  digits: string;
  atMs: number;
}

export interface IvrLoopDetectedData {
  callId: string;
  atMs: number;
}

export interface RecordingAvailableData {
  callId: string;
  recordingId: string;
  durationMs: number;
  bytes: number;
  /** Why the recording lacks something (e.g. no speech synthesizer), or null. */
  note: string | null;
}

export interface CallEndedData {
  callId: string;
  attempt: number;
  connectionStatus: ConnectionStatus;
  endedBy: 'caller' | 'business' | 'network';
  /** Call-clock ms from the last dial to the end. */
  durationMs: number;
}

export interface CallFailedData {
  callId: string;
  reason: string;
  errorMessage: string;
}

export interface CallCanceledData {
  callId: string;
  by: string | null;
}

/** What an analyzer finds of a finished call: its figures and its report (CallAnalyzed and CallReportWritten record them apart). */
export interface CallAnalysisData {
  connectionStatus: ConnectionStatus;
  attemptsBeforePickup: number;
  timeToFirstRingMs: number | null;
  timeToAnswerMs: number | null;
  ringsBeforePickup: number | null;
  duringBusinessHours: boolean | null;
  afterHoursBehavior: string | null;
  report: CallAnalysisReport;
  /** Why the configured analyzer's own report was not used (the rubric's stands); absent in older events. */
  fallbackReason?: string | null;
}

/**
 * The analysis as CallAnalyzed records it: its figures and the report's overall score. The report is
 * CallReportWritten's, recorded with it; events of schema version 1 (before that event) carry it here.
 */
export type CallAnalysisFiguresData = Omit<CallAnalysisData, 'report'> & { overallScore: number; report?: CallAnalysisReport };

export interface CallAnalyzedData {
  callId: string;
  analyzer: string;
  analysis: CallAnalysisFiguresData;
}

/** The report of a call's analysis: two thirds of a call's bytes, recorded apart so that what reads the call's figures never parses it. */
export interface CallReportWrittenData {
  callId: string;
  analyzer: string;
  report: CallAnalysisReport;
}

export interface CallOwnerChangedData {
  callId: string;
  previousOwnerId: string | null;
  ownerId: string;
}

export type CallEvent =
  | { type: 'CallRequested'; data: CallRequestedData }
  | { type: 'CallPlacementRequested'; data: CallPlacementRequestedData }
  | { type: 'CallPlaced'; data: CallPlacedData }
  | { type: 'CallRinging'; data: CallRingingData }
  | { type: 'CallAnswered'; data: CallAnsweredData }
  | { type: 'CallAttemptEnded'; data: CallAttemptEndedData }
  | { type: 'TranscriptSegmentRecorded'; data: TranscriptSegmentRecordedData }
  | { type: 'CallHoldChanged'; data: CallHoldChangedData }
  | { type: 'IvrDigitsPressed'; data: IvrDigitsPressedData }
  | { type: 'IvrLoopDetected'; data: IvrLoopDetectedData }
  | { type: 'RecordingAvailable'; data: RecordingAvailableData }
  | { type: 'CallEnded'; data: CallEndedData }
  | { type: 'CallFailed'; data: CallFailedData }
  | { type: 'CallCanceled'; data: CallCanceledData }
  | { type: 'CallAnalyzed'; data: CallAnalyzedData }
  | { type: 'CallReportWritten'; data: CallReportWrittenData }
  | { type: 'CallOwnerChanged'; data: CallOwnerChangedData };

/** The events of a call's stream. */
export const CALL_EVENTS = eventUnion<CallEvent>('call', {
  CallRequested: true,
  CallPlacementRequested: true,
  CallPlaced: true,
  CallRinging: true,
  CallAnswered: true,
  CallAttemptEnded: true,
  TranscriptSegmentRecorded: true,
  CallHoldChanged: true,
  IvrDigitsPressed: true,
  IvrLoopDetected: true,
  RecordingAvailable: true,
  CallEnded: true,
  CallFailed: true,
  CallCanceled: true,
  CallAnalyzed: true,
  CallReportWritten: true,
  CallOwnerChanged: true,
});
