import type { CallDocument } from '@ringcheck/projections';

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
    updated_at: analysis.analyzedAt,
  };
  if (access === 'preview') return { ...preview, access };
  return {
    ...preview,
    access,
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

/**
 * Spec section 3 call fields, plus the live progress the report page shows. `viewerIsOwner` (known for
 * REST answers, where the caller's ids are) tells the web app whether to offer Cancel; an anonymous
 * owner sees the preview but may still cancel.
 */
export function callResponse(doc: CallDocument, access: CallAccess, viewerIsOwner?: boolean) {
  const full = access === 'full';
  return {
    id: doc.id,
    call_id: doc.id,
    status: doc.status,
    business_name: doc.businessName,
    to_number: doc.toNumber,
    from_number: doc.fromNumber,
    business_discovery: doc.discoveryId,
    place_search_result: doc.placeSearchResultId,
    twilio_sid: doc.providerCallId,
    provider: doc.provider,
    sandbox: doc.provider === null || doc.provider === 'sandbox',
    kind: doc.kind,
    scheduled_at: doc.scheduledAt,
    started_at: doc.startedAt,
    ended_at: doc.endedAt,
    error_message: doc.errorMessage,
    retry_count: doc.retryCount,
    user: doc.ownerId?.startsWith('user_') ? doc.ownerId : null,
    created_at: doc.createdAt,
    updated_at: doc.updatedAt,
    phase: doc.phase,
    ring_count: doc.ringCount,
    answered_by: doc.answeredBy,
    timeline: doc.timeline,
    duration_ms: doc.durationMs,
    transcript: full ? doc.transcript : undefined,
    caller_goal: full ? doc.callerGoal : undefined,
    analysis: analysisResponse(doc, access),
    access,
    viewer_is_owner: viewerIsOwner ?? (full ? true : undefined),
  };
}

/** The caller's view of a call: full or preview, and whether it is theirs. */
export function callViewFor(doc: CallDocument, client: { userId: string | null; anonId: string | null }) {
  const isOwner = doc.ownerId !== null && (doc.ownerId === client.userId || doc.ownerId === client.anonId);
  return callResponse(doc, callAccessFor(doc, client.userId), isOwner);
}

export type CallResponse = ReturnType<typeof callResponse>;
