/** A recording fetch for unit tests: answers from a queue of canned responses. */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type Responder = (request: RecordedRequest) => Response;

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function createFetchStub(...responders: Responder[]) {
  const requests: RecordedRequest[] = [];
  const queue = [...responders];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
    };
    requests.push(request);
    const next = queue.shift();
    if (!next) throw new Error(`Unexpected request ${request.method} ${request.url}`);
    return next(request);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}
