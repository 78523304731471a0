import type {
  CallAccess,
  CallAnalysisFullView,
  CallAnalysisReport,
  CallAnalysisPreviewView,
  CallCardView,
  CallDocument,
  CallFullView,
  CallPhase,
  CallPreviewView,
  CallSummaryView,
  CallView,
  PreviewCallPhase,
} from '@ringcheck/projections';
import { callAccessFor, type CallViewer, isCallOwner } from '../domain/call-access';

export const recordingUrlOf = (callId: string) => `/api/call-management/calls/${callId}/recording/`;

function analysisPreview(analysis: NonNullable<CallDocument['analysis']>): CallAnalysisPreviewView {
  return {
    connection_status: analysis.connectionStatus,
    attempts_before_pickup: analysis.attemptsBeforePickup,
    first_call_success: analysis.connectionStatus === 'answered' && analysis.attemptsBeforePickup === 1,
    access: 'preview',
  };
}

/**
 * The call's analysis as the spec names it, for its owner. The preview keeps only connection status,
 * attempts and first-call success: transcript, recording, speed metrics and hours compliance stay on the server.
 */
function analysisFull(doc: CallDocument, analysis: NonNullable<CallDocument['analysis']>, report: CallAnalysisReport | null): CallAnalysisFullView {
  const { access: _preview, ...preview } = analysisPreview(analysis);
  return {
    access: 'full',
    updated_at: analysis.analyzedAt,
    analyzer: analysis.analyzer,
    time_to_first_ring: analysis.timeToFirstRingMs,
    time_to_answer: analysis.timeToAnswerMs,
    rings_before_pickup: analysis.ringsBeforePickup,
    during_business_hours: analysis.duringBusinessHours === null ? 'unknown' : analysis.duringBusinessHours,
    after_hours_behavior: analysis.afterHoursBehavior,
    transcript: doc.transcript.map((s) => ({ speaker: s.speaker, text: s.text, timestamp: s.startMs, end: s.endMs, confidence: s.confidence })),
    recording_url: doc.recording ? recordingUrlOf(doc.id) : null,
    recording_note: doc.recording?.note ?? null,
    overall_score: analysis.overallScore,
    report,
    // Spread last: a spread followed by many more fields builds a slow dictionary-mode object.
    ...preview,
  };
}

export function previewPhaseOf(phase: CallPhase): PreviewCallPhase {
  switch (phase) {
    case 'dialing':
    case 'ringing':
    case 'answered':
    case 'conversation':
      return 'calling';
    default:
      return phase;
  }
}

const callCard = (doc: CallDocument): CallCardView => ({
  id: doc.id,
  call_id: doc.id,
  status: doc.status,
  business_name: doc.businessName,
  to_number: doc.toNumber,
  sandbox: isSandboxCall(doc),
  kind: doc.kind,
  created_at: doc.createdAt,
  error_message: doc.errorMessage,
  retry_count: doc.retryCount,
});

/**
 * What anyone may see of a call (spec section 6). `viewerIsOwner` is left out where the view is shared
 * by several viewers (a call's preview room).
 */
export function callPreview(doc: CallDocument, viewerIsOwner?: boolean): CallPreviewView {
  return {
    phase: previewPhaseOf(doc.phase),
    analysis: doc.analysis ? analysisPreview(doc.analysis) : null,
    access: 'preview',
    ...(viewerIsOwner === undefined ? {} : { viewer_is_owner: viewerIsOwner }),
    ...callCard(doc),
  };
}

/**
 * Spec section 3 call fields, with the live progress the report page shows, for the call's signed-in
 * owner; the analysis carries `report` when given (see CallReadModels.reportOf), pushes carry none.
 */
export function callFull(doc: CallDocument, report: CallAnalysisReport | null = null): CallFullView {
  return {
    from_number: doc.fromNumber,
    business_discovery: doc.discoveryId,
    place_search_result: doc.placeSearchResultId,
    twilio_sid: doc.providerCallId,
    provider: doc.provider,
    scheduled_at: doc.scheduledAt,
    started_at: doc.startedAt,
    ended_at: doc.endedAt,
    user: doc.ownerId?.startsWith('user_') ? doc.ownerId : null,
    updated_at: doc.updatedAt,
    phase: doc.phase,
    ring_count: doc.ringCount,
    answered_by: doc.answeredBy,
    timeline: doc.timeline,
    duration_ms: doc.durationMs,
    transcript: doc.transcript,
    caller_goal: doc.callerGoal,
    analysis: doc.analysis ? analysisFull(doc, doc.analysis, report) : null,
    access: 'full',
    viewer_is_owner: true,
    // Spread last (see analysisFull).
    ...callCard(doc),
  };
}

const isSandboxCall = (doc: CallDocument) => doc.provider === null || doc.provider === 'sandbox';

/** The call as `access` allows; `viewerIsOwner` says whether an anonymous viewer owns it (and may cancel). */
export function callResponse(doc: CallDocument, access: CallAccess, viewerIsOwner = false, report: CallAnalysisReport | null = null): CallView {
  return access === 'full' ? callFull(doc, report) : callPreview(doc, viewerIsOwner);
}

/** The call as the owner's list shows it: no transcript or report, which only the report page needs. */
export function callSummaryFor(doc: CallDocument, viewer: CallViewer): CallSummaryView {
  if (callAccessFor(doc, viewer.userId) !== 'full') return callPreview(doc, isCallOwner(doc, viewer));
  const { transcript: _transcript, analysis: _analysis, ...rest } = callFull({ ...doc, transcript: [], analysis: null });
  return { transcript_lines: doc.transcript.length, analysis: doc.analysis ? analysisPreview(doc.analysis) : null, ...rest };
}

/** The viewer's view of a call: full (with `report`, its analysis's) or preview, and whether it is theirs. */
export function callViewFor(doc: CallDocument, viewer: CallViewer, report: CallAnalysisReport | null = null): CallView {
  return callResponse(doc, callAccessFor(doc, viewer.userId), isCallOwner(doc, viewer), report);
}
