import {
  CALL_EVENTS,
  type CallAnalysisData,
  type CallEvent,
  type CallKind,
  type CallRequestedData,
  type CallStatus,
  type ConnectionStatus,
  type RetryPolicyData,
  type TranscriptSegmentData,
} from '@ringcheck/projections';
import { type Decider, DomainError } from '../../infrastructure/event-sourcing';
import type { AnsweredBy } from '../ports/telephony';

/** The ids a requester acts as: the signed-in user's and the anonymous ids its browser proved. */
export type RequesterIds = readonly string[];

export type CallCommand =
  | { type: 'RequestCall'; request: CallRequestedData }
  | { type: 'RequestPlacement'; requesterIds: RequesterIds }
  | { type: 'RecordPlaced'; attempt: number; provider: string; providerCallId: string; callerGoal: string }
  | { type: 'RecordRinging'; attempt: number; ring: number; atMs: number }
  | { type: 'RecordAnswered'; attempt: number; answeredBy: AnsweredBy; atMs: number }
  | { type: 'RecordAttemptEnded'; attempt: number; outcome: 'busy' | 'no_answer'; rings: number; atMs: number }
  | { type: 'RecordSegment'; segment: TranscriptSegmentData }
  | { type: 'RecordHold'; on: boolean; atMs: number }
  | { type: 'RecordDigits'; digits: string; atMs: number }
  | { type: 'RecordIvrLoop'; atMs: number }
  | { type: 'RecordRecording'; recordingId: string; durationMs: number; bytes: number; note: string | null }
  | { type: 'RecordEnded'; attempt: number; connectionStatus: ConnectionStatus; endedBy: 'caller' | 'business' | 'network'; durationMs: number }
  | { type: 'Fail'; reason: string; errorMessage: string }
  | { type: 'Cancel'; requesterIds: RequesterIds }
  | { type: 'RecordAnalysis'; analyzer: string; analysis: CallAnalysisData }
  | { type: 'ChangeOwner'; ownerId: string };

export interface CallState {
  callId: string | null;
  status: CallStatus | null;
  kind: CallKind | null;
  ownerId: string | null;
  awaitingPlacement: boolean;
  attempt: number;
  retryPolicy: RetryPolicyData | null;
  segments: number;
  ended: boolean;
  analyzed: boolean;
  hasRecording: boolean;
  onHold: boolean;
}

const isFinal = (state: CallState) => state.status === 'failed' || state.status === 'canceled' || state.ended;

function requireOwner(state: CallState, requesterIds: RequesterIds, action: string): void {
  if (!state.ownerId || !requesterIds.includes(state.ownerId)) throw DomainError.notAllowed(`You can only ${action} your own calls.`);
}

/**
 * A test call (stream `call-<id>`): queued -> in_progress -> completed, failed or canceled.
 * Provider reports arriving after the call finished (or for an old attempt) are ignored, so a
 * late or repeated report can never reopen a call.
 */
export const callDecider: Decider<CallCommand, CallState, CallEvent> = {
  events: CALL_EVENTS,
  initialState: () => ({
    callId: null,
    status: null,
    kind: null,
    ownerId: null,
    awaitingPlacement: false,
    attempt: 0,
    retryPolicy: null,
    segments: 0,
    ended: false,
    analyzed: false,
    hasRecording: false,
    onHold: false,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'CallRequested':
        return {
          ...state,
          callId: event.data.callId,
          status: 'queued',
          kind: event.data.kind,
          ownerId: event.data.ownerId,
          awaitingPlacement: event.data.awaitingPlacement,
          retryPolicy: event.data.retryPolicy,
        };
      case 'CallPlacementRequested':
        return { ...state, awaitingPlacement: false };
      case 'CallPlaced':
        return { ...state, status: 'in_progress', awaitingPlacement: false, attempt: event.data.attempt };
      case 'TranscriptSegmentRecorded':
        return { ...state, segments: state.segments + 1 };
      case 'CallHoldChanged':
        return { ...state, onHold: event.data.on };
      case 'RecordingAvailable':
        return { ...state, hasRecording: true };
      case 'CallEnded':
        return { ...state, status: 'completed', ended: true };
      case 'CallFailed':
        return { ...state, status: 'failed' };
      case 'CallCanceled':
        return { ...state, status: 'canceled' };
      case 'CallAnalyzed':
        return { ...state, analyzed: true };
      case 'CallOwnerChanged':
        return { ...state, ownerId: event.data.ownerId };
      default:
        return state;
    }
  },
  decide(command, state) {
    if (command.type === 'RequestCall') {
      if (state.status !== null) throw DomainError.conflict('This call already exists.');
      return [{ type: 'CallRequested', data: command.request }];
    }
    if (state.status === null || state.callId === null) throw DomainError.notFound('Call');
    const callId = state.callId;
    const live = !isFinal(state);
    const current = (attempt: number) => live && attempt === state.attempt;
    switch (command.type) {
      case 'RequestPlacement':
        requireOwner(state, command.requesterIds, 'place');
        if (!live) throw DomainError.conflict('This call has already finished.');
        return state.awaitingPlacement ? [{ type: 'CallPlacementRequested', data: { callId } }] : [];
      case 'RecordPlaced':
        if (!live || command.attempt !== state.attempt + 1) return [];
        return [{ type: 'CallPlaced', data: { callId, ...withoutType(command) } }];
      case 'RecordRinging':
        return current(command.attempt) ? [{ type: 'CallRinging', data: { callId, ...withoutType(command) } }] : [];
      case 'RecordAnswered':
        return current(command.attempt) ? [{ type: 'CallAnswered', data: { callId, ...withoutType(command) } }] : [];
      case 'RecordAttemptEnded': {
        if (!current(command.attempt)) return [];
        const policy = state.retryPolicy!;
        const retry = command.attempt < policy.maxAttempts && policy.retryOn.includes(command.outcome);
        const ended: CallEvent = {
          type: 'CallAttemptEnded',
          data: { callId, ...withoutType(command), retryInMs: retry ? policy.delayMs : null },
        };
        if (retry) return [ended];
        return [
          ended,
          {
            type: 'CallEnded',
            data: { callId, attempt: command.attempt, connectionStatus: command.outcome, endedBy: 'network', durationMs: command.atMs },
          },
        ];
      }
      case 'RecordSegment':
        return live ? [{ type: 'TranscriptSegmentRecorded', data: { callId, index: state.segments, segment: command.segment } }] : [];
      case 'RecordHold':
        return live && state.onHold !== command.on ? [{ type: 'CallHoldChanged', data: { callId, on: command.on, atMs: command.atMs } }] : [];
      case 'RecordDigits':
        return live ? [{ type: 'IvrDigitsPressed', data: { callId, digits: command.digits, atMs: command.atMs } }] : [];
      case 'RecordIvrLoop':
        return live ? [{ type: 'IvrLoopDetected', data: { callId, atMs: command.atMs } }] : [];
      case 'RecordRecording':
        return state.hasRecording ? [] : [{ type: 'RecordingAvailable', data: { callId, ...withoutType(command) } }];
      case 'RecordEnded':
        return current(command.attempt) ? [{ type: 'CallEnded', data: { callId, ...withoutType(command) } }] : [];
      case 'Fail':
        return live ? [{ type: 'CallFailed', data: { callId, reason: command.reason, errorMessage: command.errorMessage } }] : [];
      case 'Cancel':
        requireOwner(state, command.requesterIds, 'cancel');
        if (!live) throw DomainError.conflict('This call has already finished.');
        return [{ type: 'CallCanceled', data: { callId, by: command.requesterIds[0] ?? null } }];
      case 'RecordAnalysis':
        if (state.analyzed || state.status !== 'completed') return [];
        return analysisEvents(callId, command.analyzer, command.analysis);
      case 'ChangeOwner':
        if (state.ownerId === command.ownerId) return [];
        return [{ type: 'CallOwnerChanged', data: { callId, previousOwnerId: state.ownerId, ownerId: command.ownerId } }];
    }
  },
};

/** The figures and the report, recorded apart so that what reads a call's figures never parses its report. */
function analysisEvents(callId: string, analyzer: string, { report, ...figures }: CallAnalysisData): CallEvent[] {
  return [
    { type: 'CallAnalyzed', data: { callId, analyzer, analysis: { ...figures, overallScore: report.overallScore } } },
    { type: 'CallReportWritten', data: { callId, analyzer, report } },
  ];
}

function withoutType<C extends { type: string }>(command: C): Omit<C, 'type'> {
  const { type, ...rest } = command;
  void type;
  return rest;
}

export const callStream = (callId: string) => `call-${callId}`;
