import type { CallPhase, CallTimelineEntry } from '../calls/calls.projection';
import type { CallAnalysisReport } from '../calls/call-report';
import type { AnsweredByData, CallKind, CallStatus, ConnectionStatus, TranscriptSegmentData } from '../calls/events';

/** Full for the call's signed-in owner; everyone else (signed-out visitors included) gets the preview. */
export type CallAccess = 'full' | 'preview';

/** The live phase as the preview tells it: on the line or not, never when it rang or was answered. */
export type PreviewCallPhase = 'queued' | 'calling' | 'analyzing' | 'done' | 'failed' | 'canceled';

export type CallOrdering = 'created_at' | '-created_at';

/** A transcript line as the analysis carries it: `timestamp` and `end` in ms from the answer, confidence 0–1. */
export interface AnalysisTranscriptSegment {
  speaker: 'caller' | 'business';
  text: string;
  timestamp: number;
  end: number;
  confidence: number;
}

/** The analysis everyone may see (spec section 6). */
export interface CallAnalysisPreviewView {
  connection_status: ConnectionStatus;
  attempts_before_pickup: number;
  first_call_success: boolean;
  access: 'preview';
}

/** The owner's analysis: the preview plus speed metrics, hours compliance, transcript, recording and report. */
export interface CallAnalysisFullView extends Omit<CallAnalysisPreviewView, 'access'> {
  access: 'full';
  updated_at: string;
  /** Who wrote the report: 'rubric' (built in) or 'llm' (a chat model); the rubric's stands when the model fails. */
  analyzer: string;
  /** Ms from dialling. */
  time_to_first_ring: number | null;
  /** Ms from dialling. */
  time_to_answer: number | null;
  rings_before_pickup: number | null;
  during_business_hours: boolean | 'unknown';
  after_hours_behavior: string | null;
  transcript: AnalysisTranscriptSegment[];
  recording_url: string | null;
  recording_note: string | null;
  /** The report's overall score, 0–10: in pushes too. */
  overall_score: number;
  /**
   * Kept apart from the call (the call_reports read model): a push of the call carries null, and so may
   * an answer read in the instant the call's analysis is stored before its report. Read the call again.
   */
  report: CallAnalysisReport | null;
}

export type CallAnalysisView = CallAnalysisPreviewView | CallAnalysisFullView;

/** What identifies a call and where it stands, for anyone who has its id. */
export interface CallCardView {
  id: string;
  call_id: string;
  status: CallStatus;
  business_name: string;
  to_number: string;
  /** The call ran on the simulated phone network. */
  sandbox: boolean;
  kind: CallKind;
  created_at: string;
  error_message: string | null;
  retry_count: number;
}

/**
 * What anyone may see of a call (spec section 6): no ring counts, timestamps past creation, duration,
 * answerer or owner, nothing from which speed to answer could be worked out.
 */
export interface CallPreviewView extends CallCardView {
  phase: PreviewCallPhase;
  analysis: CallAnalysisPreviewView | null;
  access: 'preview';
  /** Whether the viewer owns the call (and may cancel it); absent where several viewers share the view. */
  viewer_is_owner?: boolean;
}

/** Spec section 3 call fields with the live progress the report page shows, for the call's signed-in owner. */
export interface CallFullView extends CallCardView {
  from_number: string;
  business_discovery: string | null;
  place_search_result: string | null;
  twilio_sid: string | null;
  provider: string | null;
  scheduled_at: string;
  started_at: string | null;
  ended_at: string | null;
  user: string | null;
  updated_at: string;
  phase: CallPhase;
  ring_count: number;
  answered_by: AnsweredByData | null;
  timeline: CallTimelineEntry[];
  duration_ms: number | null;
  /** The live transcript, ms from the answer. */
  transcript: TranscriptSegmentData[];
  caller_goal: string | null;
  analysis: CallAnalysisFullView | null;
  access: 'full';
  viewer_is_owner: true;
}

/** A call as `GET /api/call-management/calls/{id}/` and the `call:<id>` rooms show it. */
export type CallView = CallPreviewView | CallFullView;

/** `POST /api/call-management/secret-shopper-call/` and `initiate-realtime/`. */
export interface DiscoveryCallRequest {
  discovery_id: string;
  place_result_id?: string;
}

/** `POST /api/call-management/calls/`: the create-then-place flow. */
export interface CreateCallRequest {
  business_discovery: string;
  to_number: string;
}

/** `POST /api/call-management/test-call/` and `mock-test-call/`. */
export interface TestCallRequest {
  phone_number: string;
}

/** A call as the owner's list shows it: the full view with the number of transcript lines instead of them, and the analysis preview. */
export interface CallSummaryFullView extends Omit<CallFullView, 'transcript' | 'analysis'> {
  transcript_lines: number;
  analysis: CallAnalysisPreviewView | null;
}

/** A call in `GET /api/call-management/calls/`: the summary for its signed-in owner, else the preview. */
export type CallSummaryView = CallPreviewView | CallSummaryFullView;

/** `GET /api/call-management/calls/`: the caller's own calls, a page at a time. */
export interface CallListView {
  /** All the caller's calls (matching `place_search_result` when given), not just this page. */
  count: number;
  results: CallSummaryView[];
  /** Pass as `cursor` for the next page; null on the last one. */
  next: string | null;
}
