import type {
  AnsweredByData,
  CallAnalysisData,
  CallAnalysisFiguresData,
  CallRequestedData,
  ConnectionStatus,
  TranscriptSegmentData,
} from '../calls/events';
import { upcastEvent } from '../event-versions';
import { at, OCCURRED_AT, recorded } from './recorded';

/** Recorded events of one test call, `call_1`, for projection specs. */
export const callId = 'call_1';

export const callRequested = (over: Partial<CallRequestedData> = {}, occurredAt = OCCURRED_AT) =>
  recorded(
    'CallRequested',
    {
      callId,
      ownerId: 'user_1',
      kind: 'test',
      discoveryId: 'disc_1',
      placeSearchResultId: 'plsr_1',
      businessName: "Joe's Plumbing",
      toNumber: '+12125550100',
      fromNumber: '+12125550199',
      business: null,
      retryPolicy: { maxAttempts: 2, retryOn: ['busy', 'no_answer'], delayMs: 5000 },
      timeScale: 1,
      awaitingPlacement: false,
      provider: 'sandbox',
      ...over,
    } satisfies CallRequestedData,
    at(occurredAt),
  );

export const placementRequested = () => recorded('CallPlacementRequested', { callId });

export const placed = (attempt: number, occurredAt = OCCURRED_AT) =>
  recorded('CallPlaced', { callId, attempt, provider: 'sandbox', providerCallId: `SB${attempt}`, callerGoal: 'Book a visit' }, at(occurredAt));

export const ringing = (attempt: number, ring: number, atMs: number) => recorded('CallRinging', { callId, attempt, ring, atMs });

export const answered = (attempt: number, answeredBy: AnsweredByData, atMs: number) => recorded('CallAnswered', { callId, attempt, answeredBy, atMs });

export const attemptEnded = (attempt: number, outcome: 'busy' | 'no_answer', rings: number, retryInMs: number | null) =>
  recorded('CallAttemptEnded', { callId, attempt, outcome, rings, atMs: 1000, retryInMs });

export const segment = (index: number, speaker: TranscriptSegmentData['speaker'], text: string): TranscriptSegmentData => ({
  speaker,
  text,
  startMs: index * 1000,
  endMs: index * 1000 + 900,
  confidence: 0.9,
});

export const segmentRecorded = (index: number, speaker: TranscriptSegmentData['speaker'], text: string) =>
  recorded('TranscriptSegmentRecorded', { callId, index, segment: segment(index, speaker, text) });

export const hold = (on: boolean, atMs: number) => recorded('CallHoldChanged', { callId, on, atMs });

export const digitsPressed = (digits: string) => recorded('IvrDigitsPressed', { callId, digits, atMs: 4000 });

export const ivrLoopDetected = () => recorded('IvrLoopDetected', { callId, atMs: 9000 });

export const recordingAvailable = () => recorded('RecordingAvailable', { callId, recordingId: callId, durationMs: 42_000, bytes: 672_044, note: null });

export const ended = (connectionStatus: ConnectionStatus, occurredAt = OCCURRED_AT) =>
  recorded('CallEnded', { callId, attempt: 1, connectionStatus, endedBy: 'caller', durationMs: 42_000 }, at(occurredAt));

export const failed = (errorMessage: string, occurredAt = OCCURRED_AT) => recorded('CallFailed', { callId, reason: 'unreachable', errorMessage }, at(occurredAt));

export const canceled = (occurredAt = OCCURRED_AT) => recorded('CallCanceled', { callId, by: 'user_1' }, at(occurredAt));

export const analysis = (connectionStatus: ConnectionStatus): CallAnalysisData => ({
  connectionStatus,
  attemptsBeforePickup: 1,
  timeToFirstRingMs: 1200,
  timeToAnswerMs: 7200,
  ringsBeforePickup: 2,
  duringBusinessHours: true,
  afterHoursBehavior: null,
  report: {
    summary: 'Answered promptly by a helpful person.',
    overallScore: 8.5,
    sentiment: 'positive',
    professionalismScore: 9,
    responseTimeScore: 8,
    resolutionScore: 8.5,
    observedScores: { professionalism: true, responseTime: true, resolution: true },
    scoreEvidence: { professionalism: [], responseTime: [], resolution: [] },
    keyTopics: ['availability'],
    strengths: [],
    areasForImprovement: [],
    satisfactionIndicators: [],
    recommendations: [],
    metrics: { callDuration: 42, waitTime: 7.2, talkTimeRatio: 0.5, interruptions: 0, deadAirTime: 0 },
    afterHoursBehavior: null,
  },
});

/** The figures of `analysis(connectionStatus)` as CallAnalyzed records them. */
export const analysisFigures = (connectionStatus: ConnectionStatus): CallAnalysisFiguresData => {
  const { report, ...figures } = analysis(connectionStatus);
  return { ...figures, overallScore: report.overallScore };
};

/** CallAnalyzed as the analysis step records it (with CallReportWritten, see `reported`). */
export const analyzed = (connectionStatus: ConnectionStatus, occurredAt = OCCURRED_AT) =>
  recorded('CallAnalyzed', { callId, analyzer: 'rubric', analysis: analysisFigures(connectionStatus) }, { ...at(occurredAt), metadata: { ...at(occurredAt).metadata, schemaVersion: 2 } });

export const reported = (connectionStatus: ConnectionStatus, occurredAt = OCCURRED_AT) =>
  recorded('CallReportWritten', { callId, analyzer: 'rubric', report: analysis(connectionStatus).report }, at(occurredAt));

/** CallAnalyzed of schema version 1, the report in it, as the runner reads it (upcast). */
export const analyzedWithReport = (connectionStatus: ConnectionStatus, occurredAt = OCCURRED_AT) =>
  upcastEvent(recorded('CallAnalyzed', { callId, analyzer: 'rubric', analysis: analysis(connectionStatus) }, at(occurredAt)));

export const ownerChanged = (previousOwnerId: string | null, ownerId: string) => recorded('CallOwnerChanged', { callId, previousOwnerId, ownerId });
