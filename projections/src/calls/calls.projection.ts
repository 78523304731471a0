import { type EventsOf, omitEvents } from '../domain-events';
import { defineProjection, type ProjectionBookkeeping } from '../projection';
import type {
  AnsweredByData,
  CallAnalysisFiguresData,
  CalledBusinessData,
  CallKind,
  CallStatus,
  ConnectionStatus,
  TranscriptSegmentData,
} from './events';
import { CALL_EVENTS } from './events';

export type CallPhase = 'queued' | 'dialing' | 'ringing' | 'answered' | 'conversation' | 'analyzing' | 'done' | 'failed' | 'canceled';

export interface CallAttemptView {
  attempt: number;
  providerCallId: string;
  firstRingAtMs: number | null;
  rings: number;
  answeredAtMs: number | null;
  answeredBy: AnsweredByData | null;
  outcome: 'answered' | 'busy' | 'no_answer' | null;
}

export interface CallTimelineEntry {
  at: string;
  kind: string;
  text: string;
}

export interface CallDocument {
  _id: string;
  id: string;
  status: CallStatus;
  phase: CallPhase;
  kind: CallKind;
  ownerId: string | null;
  businessName: string;
  toNumber: string;
  fromNumber: string;
  discoveryId: string | null;
  placeSearchResultId: string | null;
  business: CalledBusinessData | null;
  provider: string | null;
  providerCallId: string | null;
  callerGoal: string | null;
  awaitingPlacement: boolean;
  timeScale: number;
  attempts: CallAttemptView[];
  retryCount: number;
  maxAttempts: number;
  ringCount: number;
  answeredBy: AnsweredByData | null;
  transcript: TranscriptSegmentData[];
  holdPeriods: Array<{ startMs: number; endMs: number | null }>;
  ivrDigits: string[];
  ivrLoop: boolean;
  connectionStatus: ConnectionStatus | null;
  durationMs: number | null;
  recording: { id: string; durationMs: number; bytes: number; note: string | null } | null;
  analysis: CallAnalysisFigures | null;
  errorMessage: string | null;
  timeline: CallTimelineEntry[];
  scheduledAt: string;
  startedAt: string | null;
  endedAt: string | null;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

/**
 * The analysis as the call's document keeps it: every figure and the report's overall score, not the
 * report itself, which the call_reports read model keeps (see call-reports.projection.ts).
 */
export type CallAnalysisFigures = Omit<CallAnalysisFiguresData, 'report'> & { analyzer: string; analyzedAt: string };

function analysisFigures(analysis: CallAnalysisFiguresData, analyzer: string, analyzedAt: string): CallAnalysisFigures {
  // Events of schema version 1 carry the report too.
  const { report: _report, ...figures } = analysis;
  return { ...figures, analyzer, analyzedAt };
}

/** Every event of a call but its report's: a rebuild of this read model never reads nor parses reports. */
const CALLS_READS = omitEvents(CALL_EVENTS, 'CallReportWritten');

const ownerRoom = (ownerId: string | null) =>
  ownerId ? [ownerId.startsWith('user_') ? `user:${ownerId}` : `anonymous:${ownerId}`] : [];

const answeredText: Record<AnsweredByData, string> = {
  human: 'Answered by a person',
  voicemail: 'Answered by voicemail',
  ivr: 'Answered by a phone menu',
};

function withTimeline(doc: CallDocument, at: string, kind: string, text: string): CallTimelineEntry[] {
  return [...doc.timeline, { at, kind, text }];
}

function updateAttempt(doc: CallDocument, attempt: number, change: Partial<CallAttemptView>): CallAttemptView[] {
  return doc.attempts.map((a) => (a.attempt === attempt ? { ...a, ...change } : a));
}

/**
 * The document as of `at`, copied field by field: V8 builds a literal in one shape, where spreading these
 * documents (whose fields change kind over a call's life, null then a number or an object) had met so
 * many shapes that it took its slow path, two to three times as long.
 */
function updated(doc: CallDocument, at: string): CallDocument {
  return {
    _id: doc._id,
    id: doc.id,
    status: doc.status,
    phase: doc.phase,
    kind: doc.kind,
    ownerId: doc.ownerId,
    businessName: doc.businessName,
    toNumber: doc.toNumber,
    fromNumber: doc.fromNumber,
    discoveryId: doc.discoveryId,
    placeSearchResultId: doc.placeSearchResultId,
    business: doc.business,
    provider: doc.provider,
    providerCallId: doc.providerCallId,
    callerGoal: doc.callerGoal,
    awaitingPlacement: doc.awaitingPlacement,
    timeScale: doc.timeScale,
    attempts: doc.attempts,
    retryCount: doc.retryCount,
    maxAttempts: doc.maxAttempts,
    ringCount: doc.ringCount,
    answeredBy: doc.answeredBy,
    transcript: doc.transcript,
    holdPeriods: doc.holdPeriods,
    ivrDigits: doc.ivrDigits,
    ivrLoop: doc.ivrLoop,
    connectionStatus: doc.connectionStatus,
    durationMs: doc.durationMs,
    recording: doc.recording,
    analysis: doc.analysis,
    errorMessage: doc.errorMessage,
    timeline: doc.timeline,
    scheduledAt: doc.scheduledAt,
    startedAt: doc.startedAt,
    endedAt: doc.endedAt,
    createdAt: doc.createdAt,
    updatedAt: at,
    // The runner's fields, so that it sets them on the copy in place (see apply-batch.ts).
    _position: (doc as Partial<ProjectionBookkeeping>)._position,
    _rooms: (doc as Partial<ProjectionBookkeeping>)._rooms,
  };
}

/**
 * The copy `updated` just made, with the event's changes set on it: a second copy per event (a spread)
 * allocated about 130 MB more over a rebuild of 20,000 calls, and evolving took a fifth longer.
 */
function withChanges(copy: CallDocument, changes: Partial<CallDocument>): CallDocument {
  return Object.assign(copy, changes);
}

/** One document per call: status, live phase and timeline, transcript, recording and the analysis's figures. */
export const callsProjection = defineProjection<CallDocument, EventsOf<typeof CALLS_READS>>({
  name: 'calls',
  // 2: the analysis report moved to call_reports.
  version: 2,
  events: CALLS_READS,
  documentId: (event) => event.data.callId,
  rooms: (doc) => [`call:${doc.id}`, ...ownerRoom(doc.ownerId)],
  indexes: [
    { keys: { ownerId: 1, createdAt: -1 }, name: 'owner_created' },
    // An owner's calls counted by status from the index alone (the call summary), however many there are.
    { keys: { ownerId: 1, status: 1 }, name: 'owner_status' },
    { keys: { placeSearchResultId: 1 }, name: 'place_search_result' },
    { keys: { status: 1, createdAt: 1 }, name: 'status_created' },
    // Finished calls still waiting for their analysis (analysedAt is null until then).
    { keys: { status: 1, 'analysis.analyzedAt': 1 }, name: 'status_analyzed' },
    { keys: { toNumber: 1, createdAt: -1 }, name: 'to_number_created' },
  ],
  evolve(doc, event) {
    const at = event.metadata.occurredAt;
    if (event.type === 'CallRequested') {
      const d = event.data;
      return {
        _id: d.callId,
        id: d.callId,
        status: 'queued',
        phase: 'queued',
        kind: d.kind,
        ownerId: d.ownerId,
        businessName: d.businessName,
        toNumber: d.toNumber,
        fromNumber: d.fromNumber,
        discoveryId: d.discoveryId,
        placeSearchResultId: d.placeSearchResultId,
        business: d.business,
        provider: d.provider,
        providerCallId: null,
        callerGoal: null,
        awaitingPlacement: d.awaitingPlacement,
        timeScale: d.timeScale,
        attempts: [],
        retryCount: 0,
        maxAttempts: d.retryPolicy.maxAttempts,
        ringCount: 0,
        answeredBy: null,
        transcript: [],
        holdPeriods: [],
        ivrDigits: [],
        ivrLoop: false,
        connectionStatus: null,
        durationMs: null,
        recording: null,
        analysis: null,
        errorMessage: null,
        timeline: [{ at, kind: 'queued', text: 'Call queued' }],
        scheduledAt: at,
        startedAt: null,
        endedAt: null,
        createdAt: at,
        updatedAt: at,
        // The runner's fields: it fills them in on this new object rather than copying it (see apply-batch.ts).
        _position: undefined,
        _rooms: undefined,
      };
    }
    if (!doc) return null;
    const base = updated(doc, at);
    switch (event.type) {
      case 'CallPlacementRequested':
        return withChanges(base, { awaitingPlacement: false });
      case 'CallPlaced': {
        const d = event.data;
        const attempt: CallAttemptView = {
          attempt: d.attempt,
          providerCallId: d.providerCallId,
          firstRingAtMs: null,
          rings: 0,
          answeredAtMs: null,
          answeredBy: null,
          outcome: null,
        };
        return withChanges(base, {
          status: 'in_progress',
          phase: 'dialing',
          provider: d.provider,
          providerCallId: d.providerCallId,
          callerGoal: d.callerGoal,
          awaitingPlacement: false,
          attempts: [...doc.attempts, attempt],
          retryCount: d.attempt - 1,
          ringCount: 0,
          startedAt: doc.startedAt ?? at,
          timeline: withTimeline(doc, at, 'dialing', d.attempt > 1 ? `Dialing again (attempt ${d.attempt})` : 'Dialing'),
        });
      }
      case 'CallRinging': {
        const d = event.data;
        const current = doc.attempts.find((a) => a.attempt === d.attempt);
        return withChanges(base, {
          phase: 'ringing',
          ringCount: d.ring,
          attempts: updateAttempt(doc, d.attempt, { rings: d.ring, firstRingAtMs: current?.firstRingAtMs ?? d.atMs }),
          timeline: d.ring === 1 ? withTimeline(doc, at, 'ringing', 'Ringing') : doc.timeline,
        });
      }
      case 'CallAnswered': {
        const d = event.data;
        return withChanges(base, {
          phase: 'answered',
          answeredBy: d.answeredBy,
          // A phone menu that transfers to a person answers twice: the line was answered the first time.
          attempts: doc.attempts.map((a) =>
            a.attempt === d.attempt ? { ...a, answeredAtMs: a.answeredAtMs ?? d.atMs, answeredBy: a.answeredBy ?? d.answeredBy, outcome: 'answered' as const } : a,
          ),
          timeline: withTimeline(doc, at, 'answered', answeredText[d.answeredBy]),
        });
      }
      case 'CallAttemptEnded': {
        const d = event.data;
        const text = d.outcome === 'busy' ? 'Line busy' : `No answer after ${d.rings} rings`;
        return withChanges(base, {
          phase: 'dialing',
          attempts: updateAttempt(doc, d.attempt, { outcome: d.outcome, rings: d.rings }),
          timeline: withTimeline(doc, at, d.outcome, d.retryInMs === null ? text : `${text}: trying again`),
        });
      }
      case 'TranscriptSegmentRecorded': {
        const d = event.data;
        if (doc.transcript.length > d.index) return base;
        return withChanges(base, {
          phase: 'conversation',
          transcript: [...doc.transcript, d.segment],
          timeline: doc.phase === 'conversation' ? doc.timeline : withTimeline(doc, at, 'conversation', 'Conversation started'),
        });
      }
      case 'CallHoldChanged': {
        const d = event.data;
        const holds = d.on
          ? [...doc.holdPeriods, { startMs: d.atMs, endMs: null }]
          : doc.holdPeriods.map((h, i, all) => (i === all.length - 1 && h.endMs === null ? { ...h, endMs: d.atMs } : h));
        return withChanges(base, { holdPeriods: holds, timeline: withTimeline(doc, at, 'hold', d.on ? 'Put on hold' : 'Back from hold') });
      }
      case 'IvrDigitsPressed':
        return withChanges(base, {
          ivrDigits: [...doc.ivrDigits, event.data.digits],
          timeline: withTimeline(doc, at, 'ivr', `Pressed ${event.data.digits} in the phone menu`),
        });
      case 'IvrLoopDetected':
        return withChanges(base, { ivrLoop: true, timeline: withTimeline(doc, at, 'ivr_loop', 'The phone menu kept repeating') });
      case 'RecordingAvailable': {
        const d = event.data;
        return withChanges(base, { recording: { id: d.recordingId, durationMs: d.durationMs, bytes: d.bytes, note: d.note } });
      }
      case 'CallEnded': {
        const d = event.data;
        return withChanges(base, {
          status: 'completed',
          phase: 'analyzing',
          connectionStatus: d.connectionStatus,
          durationMs: d.durationMs,
          endedAt: at,
          timeline: withTimeline(doc, at, 'ended', 'Call ended'),
        });
      }
      case 'CallFailed':
        return withChanges(base, {
          status: 'failed',
          phase: 'failed',
          errorMessage: event.data.errorMessage,
          endedAt: doc.endedAt ?? at,
          timeline: withTimeline(doc, at, 'failed', event.data.errorMessage),
        });
      case 'CallCanceled':
        return withChanges(base, {
          status: 'canceled',
          phase: 'canceled',
          endedAt: doc.endedAt ?? at,
          timeline: withTimeline(doc, at, 'canceled', 'Call canceled'),
        });
      case 'CallAnalyzed':
        return withChanges(base, {
          phase: doc.status === 'completed' ? 'done' : doc.phase,
          connectionStatus: event.data.analysis.connectionStatus,
          analysis: analysisFigures(event.data.analysis, event.data.analyzer, at),
          timeline: withTimeline(doc, at, 'analyzed', 'Analysis ready'),
        });
      case 'CallOwnerChanged':
        return withChanges(base, { ownerId: event.data.ownerId });
      default:
        return base;
    }
  },
});
