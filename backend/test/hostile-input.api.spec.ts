import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { withEnv } from '../src/identity/testing/identity-api.fixture';
import { JSON_LIMITS } from '../src/infrastructure/http';
import { hostileRequest, type OpenApiDocument, type Operation, operationsOf } from './hostile-requests';
import { type RawAnswer, type RawRequest, sendRaw } from './raw-http';
import { type TestApp, startTestApp } from './test-app';

/**
 * Every operation of the app's own OpenAPI document (so new endpoints are covered without edits here) gets
 * hostile path parameters, query strings and bodies, anonymously and signed in. No answer may be a 5xx,
 * every 4xx says `error` and `detail`, and the server answers promptly afterwards.
 * Runs are reproducible: a failure prints its seed and shrunk request; HOSTILE_INPUT_SEED sets another base
 * seed (operation i runs with base + i) to explore further.
 */
const SEED = Number(process.env.HOSTILE_INPUT_SEED ?? 20_261_124);
const RUNS_PER_OPERATION = 40;
const GENEROUS = '1000000';
const PASSWORD = 'correct horse battery';

/** Limits and quotas fuzzing never meets (every request comes from one address), and quick, silent sandbox calls. */
const APP_ENV = {
  RATE_LIMIT_PER_MINUTE: GENEROUS,
  SEARCH_RATE_LIMIT_PER_MINUTE: GENEROUS,
  CALL_RATE_LIMIT_PER_MINUTE: GENEROUS,
  ANONYMOUS_CALLS_PER_DAY: GENEROUS,
  ANONYMOUS_CALLS_PER_DAY_PER_ADDRESS: GENEROUS,
  USER_CALLS_PER_DAY: GENEROUS,
  SANDBOX_TIME_SCALE: '0.01',
  SANDBOX_RECORDING_SPEECH: 'off',
};
/** Identity settings are read from process.env while the app starts. */
const IDENTITY_ENV = {
  AUTH_RATE_LIMIT_PER_ACCOUNT_ADDRESS: GENEROUS,
  AUTH_RATE_LIMIT_PER_ACCOUNT: GENEROUS,
  AUTH_RATE_LIMIT_PER_ADDRESS: GENEROUS,
};

const CONTENT_QUERY_PATH = /^\/api\/content\/[^/?]*\/data\/query\//;
const isSanityError = (body: { error?: unknown } | undefined) => {
  const error = body?.error as { description?: unknown; type?: unknown } | undefined;
  return typeof error?.description === 'string' && typeof error.type === 'string';
};

function expectSaneAnswer(answer: RawAnswer, sent: RawRequest): void {
  const summary = `${sent.method} ${sent.path.slice(0, 200)} answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.status >= 500) throw new Error(`server error: ${summary}`);
  if (answer.status >= 400) {
    const body = answer.json as { error?: unknown; detail?: unknown } | undefined;
    // The content query endpoint speaks Sanity's query API, whose errors are { error: { description, type } }.
    if (CONTENT_QUERY_PATH.test(sent.path) && isSanityError(body)) return;
    if (typeof body?.error !== 'string' || typeof body.detail !== 'string') throw new Error(`4xx without error and detail: ${summary}`);
  }
}

describe('hostile input', () => {
  let t: TestApp;
  let port: number;
  let operations: Operation[];
  let anonymous: Record<string, string>;

  beforeAll(async () => {
    t = await withEnv(IDENTITY_ENV, () => startTestApp(APP_ENV));
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    anonymous = { cookie: `csrftoken=${t.csrf}`, 'x-csrftoken': t.csrf };
    const document = await sendRaw(port, { method: 'GET', path: '/api/docs-json', headers: {} });
    operations = operationsOf(document.json as OpenApiDocument);
  });
  afterAll(() => t.close());

  const send = (raw: RawRequest) => sendRaw(port, raw);

  async function signedIn(): Promise<Record<string, string>> {
    const email = `hostile-${randomUUID()}@example.com`;
    const answer = await send({
      method: 'POST',
      path: '/api/auth/sign-up/',
      headers: { ...anonymous, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(answer.status).toBe(201);
    return { ...anonymous, authorization: `Bearer ${(answer.json as { access_token: string }).access_token}` };
  }

  async function fuzz(operation: Operation, headers: Record<string, string>, seed: number): Promise<void> {
    await fc.assert(
      fc.asyncProperty(hostileRequest(operation, headers), async (raw) => expectSaneAnswer(await send(raw), raw)),
      { seed, numRuns: RUNS_PER_OPERATION },
    );
  }

  it('reads the operations from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations).toContainEqual(expect.objectContaining({ method: 'GET', path: '/api/call-management/calls/{id}', pathParams: ['id'] }));
    expect(operations).toContainEqual(expect.objectContaining({ method: 'GET', path: '/api/discoveries', queryParams: ['status'] }));
    expect(operations).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/discoveries', bodyFields: expect.arrayContaining([['business_name', expect.anything()]]) }));
  });

  it('never answers an anonymous caller with a server error', async () => {
    for (const [i, operation] of operations.entries()) await fuzz(operation, anonymous, SEED + i);
  }, 60_000);

  it('never answers a signed-in user with a server error', async () => {
    // A fresh account per operation: fuzzing sign-out or the password ends the session it runs in.
    for (const [i, operation] of operations.entries()) await fuzz(operation, await signedIn(), SEED + 1000 + i);
  }, 60_000);

  it('still answers promptly afterwards', async () => {
    const health = await send({ method: 'GET', path: '/api/health', headers: {} });
    expect(health.status).toBe(200);
    expect(health.elapsedMs).toBeLessThan(1000);
  });

  describe('examples', () => {
    const postJson = (path: string, body: string, headers = anonymous) =>
      send({ method: 'POST', path, headers: { ...headers, 'content-type': 'application/json' }, body });
    const event = (data: string) => `{"event_type":"page","event_name":"Home","event_data":${data}}`;

    it('refuses JSON nested too deeply, naming the top-level field', async () => {
      const deep = '{"a":'.repeat(JSON_LIMITS.maxDepth) + '1' + '}'.repeat(JSON_LIMITS.maxDepth);
      const answer = await postJson('/api/analytics/track-event/', event(deep));
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        error: 'validation_error',
        detail: `event_data: nested deeper than ${JSON_LIMITS.maxDepth} levels`,
        fields: { event_data: [`nested deeper than ${JSON_LIMITS.maxDepth} levels`] },
      });
    });

    it('refuses a control character in a nested value, naming its dotted path', async () => {
      const user = await signedIn();
      const answer = await postJson('/api/users/link-multiple-anonymous/', JSON.stringify({ anon_ids: [randomUUID(), randomUUID(), 'x\u0000'] }), user);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ detail: 'anon_ids.2: must not contain a control character (U+0000)' });
    });

    it('refuses a key with a control character, naming the object holding it', async () => {
      const answer = await postJson('/api/analytics/track-event/', event('{"ok":{"bad\\u001b":1}}'));
      expect(answer.json).toMatchObject({ detail: 'event_data.ok: has a field name with a control character (U+001B)' });
    });

    it('refuses unpaired surrogates, __proto__ keys and numbers JSON cannot hold', async () => {
      const surrogate = await postJson('/api/discoveries/', '{"business_name":"Pizza \\ud800","location":"New York"}');
      expect(surrogate.json).toMatchObject({ detail: 'business_name: must not contain an unpaired surrogate (U+D800)' });
      const proto = await postJson('/api/analytics/track-event/', event('{"__proto__":{"admin":true}}'));
      expect(proto.json).toMatchObject({ detail: 'event_data: has a field named "__proto__", which is not allowed' });
      const overflow = await postJson('/api/analytics/track-event/', event('{"amount":1e999}'));
      expect(overflow.json).toMatchObject({ detail: 'event_data.amount: is a number too large to represent' });
    });

    it('refuses control characters and repeats in query strings, and control characters in path parameters, naming them', async () => {
      const query = await send({ method: 'GET', path: '/api/discoveries/?status=pending%0A', headers: {} });
      expect(query.json).toMatchObject({ detail: 'status: must not contain a control character (U+000A)' });
      const repeated = await send({ method: 'GET', path: '/api/calls/?place_search_result=a&place_search_result=b', headers: {} });
      expect(repeated.json).toMatchObject({ detail: 'place_search_result: must be given only once' });
      const param = await send({ method: 'GET', path: '/api/call-management/calls/call_%00/', headers: {} });
      expect(param.json).toMatchObject({ detail: 'id: must not contain a control character (U+0000)' });
    });

    it('refuses JSON in another charset than UTF-8', async () => {
      const answer = await send({
        method: 'POST',
        path: '/api/discoveries/',
        headers: { ...anonymous, 'content-type': 'application/json; charset=utf-16le' },
        body: '{}',
      });
      expect(answer.status).toBe(415);
    });

    it('refuses a CSRF cookie and header that match but are not tokens this server issues', async () => {
      const answer = await postJson('/api/discoveries/', '{"business_name":"Pizza","location":"New York"}', { cookie: 'csrftoken=x', 'x-csrftoken': 'x' });
      expect(answer.status).toBe(403);
    });
  });
});
