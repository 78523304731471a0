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
    this.on('POST', '/api/analytics/track-event/', () => jsonResponse(200, { recorded: true }));
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

  /** The analytics events recorded, as { name, data }. */
  trackedEvents(): Array<{ name: string; data: Record<string, unknown> }> {
    return this.requestsTo('POST', '/api/analytics/track-event/').map((request) => {
      const body = request.body as { event_name: string; event_data: Record<string, unknown> };
      return { name: body.event_name, data: body.event_data };
    });
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
