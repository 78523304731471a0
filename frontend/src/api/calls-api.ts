import type { ApiClient } from './api-client';
import { ApiError } from './api-error';
import { errorMessageFor } from './error-message';

export type CallStatus = 'queued' | 'in_progress' | 'completed' | 'failed' | 'canceled';
export type CallPhase = 'queued' | 'dialing' | 'ringing' | 'answered' | 'conversation' | 'analyzing' | 'done' | 'failed' | 'canceled';
/** The coarse phase a preview tells: on the line or not, never when it rang or was answered. */
export type PreviewCallPhase = 'queued' | 'calling' | 'analyzing' | 'done' | 'failed' | 'canceled';
export type AnsweredBy = 'human' | 'voicemail' | 'ivr';
export type ConnectionStatus = 'answered' | 'voicemail' | 'busy' | 'no_answer' | 'failed' | 'ivr_loop' | 'other';
/** Full for the call's signed-in owner; everyone else gets the preview. */
export type CallAccess = 'full' | 'preview';
export type CallOrdering = 'created_at' | '-created_at';

export interface CallTimelineEntry {
  at: string;
  kind: string;
  text: string;
}

/** A transcript line as the live call carries it (ms from the answer). */
export interface LiveTranscriptSegment {
  speaker: 'caller' | 'business';
  text: string;
  startMs: number;
  endMs: number;
  confidence: number;
}

/** A transcript line as the analysis carries it: `timestamp` and `end` in ms from the answer, confidence 0–1. */
export interface AnalysisTranscriptSegment {
  speaker: 'caller' | 'business';
  text: string;
  timestamp: number;
  end: number;
  confidence: number;
}

/**
 * What a score or recommendation rests on. With a segmentIndex, `quote` is verbatim text of that
 * transcript segment; without one it states an observed fact.
 */
export interface Evidence {
  segmentIndex: number | null;
  quote: string;
  atMs: number | null;
}

export interface Finding {
  text: string;
  evidence: Evidence[];
}

export type Sentiment = 'positive' | 'neutral' | 'negative';
export type Priority = 'high' | 'medium' | 'low';

export interface SatisfactionIndicator {
  indicator: string;
  present: boolean;
  impact: 'positive' | 'negative';
  evidence: Evidence[];
}

export interface Recommendation {
  category: string;
  priority: Priority;
  action: string;
  /** The expected impact of acting on it. */
  impact: string;
  implementation: string;
  evidence: Evidence[];
}

export interface CallMetrics {
  /** Seconds. */
  callDuration: number;
  /** Seconds. */
  waitTime: number;
  /** 0–1. */
  talkTimeRatio: number;
  interruptions: number;
  /** Seconds. */
  deadAirTime: number;
}

export interface CallReport {
  summary: string;
  /** 0–10. */
  overallScore: number;
  sentiment: Sentiment;
  professionalismScore: number;
  responseTimeScore: number;
  resolutionScore: number;
  observedScores: { professionalism: boolean; responseTime: boolean; resolution: boolean };
  scoreEvidence: { professionalism: Evidence[]; responseTime: Evidence[]; resolution: Evidence[] };
  keyTopics: string[];
  strengths: Finding[];
  areasForImprovement: Finding[];
  satisfactionIndicators: SatisfactionIndicator[];
  recommendations: Recommendation[];
  metrics: CallMetrics;
  afterHoursBehavior: string | null;
}

/** The analysis everyone may see (spec section 6). */
export interface CallAnalysisPreview {
  connection_status: ConnectionStatus;
  attempts_before_pickup: number;
  first_call_success: boolean;
  access: CallAccess;
}

/** The owner's analysis: the preview plus speed metrics, hours compliance, transcript, recording and report. */
export interface CallAnalysisFull extends CallAnalysisPreview {
  access: 'full';
  updated_at: string;
  /** Who wrote the report: 'rubric' (built in) or 'llm' (a chat model); the rubric's stands when the model fails. */
  analyzer: string;
  /** Ms. */
  time_to_first_ring: number | null;
  /** Ms. */
  time_to_answer: number | null;
  rings_before_pickup: number | null;
  during_business_hours: boolean | 'unknown';
  after_hours_behavior: string | null;
  transcript: AnalysisTranscriptSegment[];
  recording_url: string | null;
  recording_note: string | null;
  report: CallReport;
}

export type CallAnalysis = CallAnalysisPreview | CallAnalysisFull;

/**
 * A call as `GET /api/call-management/calls/{id}/` and the `call:<id>` room show it. Everyone gets the
 * preview fields; the fields marked "owner" come only with `access: 'full'` (the signed-in owner).
 */
export interface Call {
  id: string;
  call_id: string;
  status: CallStatus;
  business_name: string;
  to_number: string;
  /** The call ran on the simulated phone network. */
  sandbox: boolean;
  kind: string;
  created_at: string;
  phase: CallPhase | PreviewCallPhase;
  error_message: string | null;
  retry_count: number;
  access: CallAccess;
  analysis: CallAnalysis | null;
  /** Whether the caller owns the call (and may cancel it). */
  viewer_is_owner?: boolean;
  /** Owner. */
  from_number?: string;
  business_discovery?: string | null;
  place_search_result?: string | null;
  twilio_sid?: string | null;
  provider?: string | null;
  scheduled_at?: string | null;
  started_at?: string | null;
  ended_at?: string | null;
  user?: string | null;
  updated_at?: string;
  ring_count?: number;
  answered_by?: AnsweredBy | null;
  timeline?: CallTimelineEntry[];
  duration_ms?: number | null;
  /** The owner's live transcript. */
  transcript?: LiveTranscriptSegment[];
  caller_goal?: string | null;
}

export const isFullAnalysis = (analysis: CallAnalysis | null | undefined): analysis is CallAnalysisFull =>
  analysis?.access === 'full' && 'report' in analysis;

export interface CallsApi {
  get(id: string, options?: { signal?: AbortSignal }): Promise<Call>;
  cancel(id: string): Promise<Call>;
  /** The caller's own calls, newest first unless asked otherwise. */
  list(ordering?: CallOrdering): Promise<Call[]>;
}

const callPath = (id: string) => `/call-management/calls/${encodeURIComponent(id)}/`;

/** The call paths of spec section 7 the report pages use, trailing slashes kept. */
export function createCallsApi(client: ApiClient): CallsApi {
  return {
    get: (id, options = {}) => client.get<Call>(callPath(id), { signal: options.signal }),
    cancel: (id) => client.post<Call>(`${callPath(id)}cancel_call/`),
    list: async (ordering = '-created_at') => {
      const answer = await client.get<Call[] | { results?: Call[] }>('/call-management/calls/', { query: { ordering } });
      return Array.isArray(answer) ? answer : (answer.results ?? []);
    },
  };
}

export interface RecordingAuth {
  getToken(): Promise<string | null>;
  refreshToken?(): Promise<string | null>;
}

/**
 * The recording as a Blob. It needs the owner's bearer token, which an <audio> element cannot send,
 * so it is fetched here and played from an object URL. A refused token is refreshed once.
 */
export async function fetchCallRecording(
  url: string,
  auth: RecordingAuth,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<Blob> {
  const fetchFn = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const send = (token: string | null) =>
    fetchFn(url, {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'audio/*', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal: options.signal,
    });
  let response = await send(await auth.getToken().catch(() => null));
  if ((response.status === 401 || response.status === 403) && auth.refreshToken) {
    const refreshed = await auth.refreshToken().catch(() => null);
    if (refreshed) response = await send(refreshed);
  }
  if (!response.ok) {
    const body = await response
      .clone()
      .json()
      .catch(() => undefined);
    throw new ApiError(errorMessageFor(body, response.status), response.status, body);
  }
  return response.blob();
}
