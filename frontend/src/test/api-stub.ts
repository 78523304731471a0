import type { AnalyticsBatchRequest, AnalyticsMessage } from '@ringcheck/projections/contract';
import { ApiClient } from '../api/api-client';
import { jsonResponse, type RecordedRequest } from './fetch-stub';

export type StubResponder = (request: RecordedRequest) => Response | Promise<Response>;

/**
 * A product API for unit tests, answering by method and path. Each route answers from its queue of
 * responders; the last one keeps answering. Analytics events are accepted unless a test says otherwise.
 */
export class ApiStub {
  readonly requests: RecordedRequest[] = [];
  private readonly routes = new Map<string, StubResponder[]>();

  constructor() {
    // The flags the product ships with, and a generous allowance, unless a test says otherwise.
    this.on('GET', '/api/analytics/feature-flags/', () =>
      jsonResponse(200, {
        flags: {
          realtime_updates: { enabled: true, config: { transport: 'socket.io', polling_fallback: true } },
          sandbox_calls: { enabled: true, config: {} },
          anonymous_preview: { enabled: true, config: { preview_fields: ['connection_status', 'attempts_before_pickup', 'first_call_success'] } },
          premium_access: { enabled: false, config: {} },
        },
      }),
    );
    this.on('GET', '/api/analytics/rate-limits/', () =>
      jsonResponse(200, { id: 'ip', scope: 'ip', limit: 120, remaining: 118, reset_at: new Date(Date.now() + 60_000).toISOString(), window_seconds: 60 }),
    );
    this.on('POST', '/api/analytics/batch/', (request) =>
      jsonResponse(200, { accepted: (request.body as AnalyticsBatchRequest).batch.length, dropped: 0 }),
    );
  }

  /** `path` is the full path with the query string, e.g. `/api/discoveries/`. */
  on(method: string, path: string, ...responders: StubResponder[]): this {
    this.routes.set(`${method} ${path}`, responders);
    return this;
  }

  /** Requests other than analytics events, as 'METHOD path'. */
  calls(): string[] {
    return this.requests
      .filter((request) => !request.url.startsWith('/api/analytics/'))
      .map((request) => `${request.method} ${request.url}`);
  }

  requestsTo(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && request.url === path);
  }

  /** Every analytics message the batches carried, in order. */
  analyticsMessages(): AnalyticsMessage[] {
    return this.requestsTo('POST', '/api/analytics/batch/').flatMap((request) => (request.body as AnalyticsBatchRequest).batch);
  }

  /** The analytics events (`track` messages) recorded, as { name, data }. */
  trackedEvents(): Array<{ name: string; data: Record<string, unknown> }> {
    return this.analyticsMessages()
      .filter((message) => message.type === 'track')
      .map((message) => ({ name: message.event ?? '', data: message.properties ?? {} }));
  }

  readonly fetch = (async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
    };
    this.requests.push(request);
    const queue = this.routes.get(`${request.method} ${request.url}`);
    if (!queue || queue.length === 0) return jsonResponse(404, { detail: `No route ${request.method} ${request.url}` });
    const responder = queue.length > 1 ? queue.shift()! : queue[0];
    return responder(request);
  }) as typeof globalThis.fetch;

  client(): ApiClient {
    return new ApiClient({ fetch: this.fetch, cookies: () => 'csrftoken=test-token', sleep: async () => undefined });
  }
}

export { jsonResponse };
