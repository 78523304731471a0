import type {
  CallAnalysisFullView,
  CallAnalysisReport,
  CallAnalysisView,
  CallListView,
  CallOrdering,
  CallSummaryView,
  CallView,
  CreateCallRequest,
  DiscoveryCallRequest,
  TestCallRequest,
} from '@ringcheck/projections/contract';
import type { ApiClient } from './api-client';
import { ApiError } from './api-error';
import { errorMessageFor } from './error-message';

/** A call of the My Calls list: its summary from the list, or its full view once a push brought it. */
export type CallListItem = CallSummaryView | CallView;

export type {
  AnalysisTranscriptSegment,
  AnsweredBy,
  CallAccess,
  CallAnalysisPreviewView as CallAnalysisPreview,
  CallAnalysisReport as CallReport,
  CallAnalysisView as CallAnalysis,
  CallFullView,
  CallMetrics,
  CallOrdering,
  CallPhase,
  CallPreviewView,
  CallStatus,
  CallTimelineEntry,
  CallView as Call,
  ConnectionStatus,
  Evidence,
  Finding,
  LiveTranscriptSegment,
  PreviewCallPhase,
  Priority,
  Recommendation,
  SatisfactionIndicator,
  Sentiment,
} from '@ringcheck/projections/contract';

/** The owner's view of the call: timings, timeline, live transcript and the full analysis. */
export const isFullCall = <C extends CallListItem>(call: C): call is Extract<C, { access: 'full' }> => call.access === 'full';

/** The owner's analysis with its report: what the report pages show (a push carries the report as null). */
export type CallAnalysisFull = CallAnalysisFullView & { report: CallAnalysisReport };

export const isFullAnalysis = (analysis: CallAnalysisView | null | undefined): analysis is CallAnalysisFull =>
  analysis?.access === 'full' && analysis.report != null;

/** The owner's analysis is in, but not its report (kept apart from the call): the call is to be read again. */
export const awaitsReport = (analysis: CallAnalysisView | null | undefined): boolean => analysis?.access === 'full' && analysis.report == null;

export interface CallsApi {
  get(id: string, options?: { signal?: AbortSignal }): Promise<CallView>;
  cancel(id: string): Promise<CallView>;
  /** The caller's own calls, newest first unless asked otherwise. */
  /** The first page of the caller's calls, as summaries; pushes of the user's room replace them with full views. */
  list(ordering?: CallOrdering): Promise<CallListItem[]>;
  secretShopperCall(body: DiscoveryCallRequest): Promise<CallView>;
  /** Creates a call that waits for `placeCall` (the create-then-place flow). */
  createCall(body: CreateCallRequest): Promise<CallView>;
  placeCall(callId: string): Promise<CallView>;
  testCall(body: TestCallRequest): Promise<CallView>;
  mockTestCall(): Promise<CallView>;
}

const callPath = (id: string) => `/call-management/calls/${encodeURIComponent(id)}/`;

/** The call paths of spec section 7, trailing slashes kept. */
export function createCallsApi(client: ApiClient): CallsApi {
  return {
    get: (id, options = {}) => client.get<CallView>(callPath(id), { signal: options.signal }),
    cancel: (id) => client.post<CallView>(`${callPath(id)}cancel_call/`),
    list: async (ordering = '-created_at') => {
      const answer = await client.get<CallListView>('/call-management/calls/', { query: { ordering } });
      return answer.results;
    },
    secretShopperCall: (body) => client.post<CallView>('/call-management/secret-shopper-call/', body),
    createCall: (body) => client.post<CallView>('/call-management/calls/', body),
    placeCall: (callId) => client.post<CallView>(`${callPath(callId)}place_call/`),
    testCall: (body) => client.post<CallView>('/call-management/test-call/', body),
    mockTestCall: () => client.post<CallView>('/call-management/mock-test-call/', {}),
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
