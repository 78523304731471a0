import type { CallDocument, CallPhase } from '@ringcheck/projections';

/** Full for the signed-in owner; everyone else (signed-out visitors included) gets the preview. */
export type CallAccess = 'full' | 'preview';

export function callAccessFor(doc: Pick<CallDocument, 'ownerId'>, userId: string | null): CallAccess {
  return userId !== null && doc.ownerId === userId ? 'full' : 'preview';
}

export const recordingUrlOf = (callId: string) => `/api/call-management/calls/${callId}/recording/`;

/**
 * The call's analysis as the spec names it. The preview keeps only connection status, attempts and
 * first-call success: transcript, recording, speed metrics and hours compliance stay on the server.
 */
export function analysisResponse(doc: CallDocument, access: CallAccess) {
  const analysis = doc.analysis;
  if (!analysis) return null;
  const preview = {
    connection_status: analysis.connectionStatus,
    attempts_before_pickup: analysis.attemptsBeforePickup,
    first_call_success: analysis.connectionStatus === 'answered' && analysis.attemptsBeforePickup === 1,
  };
  if (access === 'preview') return { ...preview, access };
  return {
    ...preview,
    access,
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
    report: analysis.report,
  };
}

/** The live phase as the preview tells it: on the line or not, never when it rang or was answered. */
export type PreviewPhase = 'queued' | 'calling' | 'analyzing' | 'done' | 'failed' | 'canceled';

export function previewPhaseOf(phase: CallPhase): PreviewPhase {
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

/** What identifies a call and where it stands, for anyone who has its id. */
const callCard = (doc: CallDocument) => ({
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
 * What anyone may see of a call (spec section 6): progress for the call card, connection status,
 * attempts and first-call success. No ring counts, timestamps past creation, duration, answerer or
 * owner: nothing from which speed to answer could be worked out. `viewerIsOwner` is left out where
 * the view is shared by several viewers (a call's preview room).
 */
export function callPreview(doc: CallDocument, viewerIsOwner?: boolean) {
  return {
    ...callCard(doc),
    phase: previewPhaseOf(doc.phase),
    analysis: analysisResponse(doc, 'preview'),
    access: 'preview' as const,
    ...(viewerIsOwner === undefined ? {} : { viewer_is_owner: viewerIsOwner }),
  };
}

/** Spec section 3 call fields, with the live progress the report page shows, for the call's signed-in owner. */
export function callFull(doc: CallDocument) {
  return {
    ...callCard(doc),
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
    analysis: analysisResponse(doc, 'full'),
    access: 'full' as const,
    viewer_is_owner: true,
  };
}

const isSandboxCall = (doc: CallDocument) => doc.provider === null || doc.provider === 'sandbox';

/** The call as `access` allows; `viewerIsOwner` says whether an anonymous viewer owns it (and may cancel). */
export function callResponse(doc: CallDocument, access: CallAccess, viewerIsOwner = false) {
  return access === 'full' ? callFull(doc) : callPreview(doc, viewerIsOwner);
}

/** The caller's view of a call: full or preview, and whether it is theirs. */
export function callViewFor(doc: CallDocument, client: { userId: string | null; anonId: string | null }) {
  const isOwner = doc.ownerId !== null && (doc.ownerId === client.userId || doc.ownerId === client.anonId);
  return callResponse(doc, callAccessFor(doc, client.userId), isOwner);
}

export type CallResponse = ReturnType<typeof callResponse>;
export type CallPreviewResponse = ReturnType<typeof callPreview>;
