import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, type ApiAuth, type DeviceContext, RATE_LIMIT_EVENT, type RateLimitEventDetail, SEEN_POSITION_HEADER } from './api-client';
import { ApiError, RateLimitError } from './api-error';
import { createFetchStub, jsonResponse } from '../test/fetch-stub';

const device: DeviceContext = {
  headers: () => ({
    'X-Screen-Resolution': '1920x1080',
    'X-Timezone': 'America/New_York',
    'X-Device-Fingerprint': 'f'.repeat(32),
    'X-Anonymous-ID': 'anon_0b6f4c1e-6a36-4d0e-9b8e-2f0a1c2d3e4f',
  }),
  waitUntilReady: () => Promise.resolve(),
};

function signedIn(tokens: string[], refreshed: string | null = 'fresh-token'): ApiAuth & { refreshToken: ReturnType<typeof vi.fn> } {
  const queue = [...tokens];
  return {
    isSignedIn: () => true,
    getToken: async () => queue.shift() ?? null,
    refreshToken: vi.fn(async () => refreshed),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ApiClient', () => {
  it('sends a GET to the same-origin /api base with cookies, device headers and no CSRF header', async () => {
    const stub = createFetchStub(() => jsonResponse(200, { flags: {} }));
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=abc', device });

    const answer = await client.get('/analytics/feature-flags/', { query: { status: 'completed', page: undefined } });

    expect(answer).toEqual({ flags: {} });
    const [request] = stub.requests;
    expect(request.url).toBe('/api/analytics/feature-flags/?status=completed');
    expect(request.method).toBe('GET');
    expect(request.credentials).toBe('include');
    expect(request.headers).toMatchObject({
      'X-Screen-Resolution': '1920x1080',
      'X-Timezone': 'America/New_York',
      'X-Device-Fingerprint': 'f'.repeat(32),
      'X-Anonymous-ID': 'anon_0b6f4c1e-6a36-4d0e-9b8e-2f0a1c2d3e4f',
    });
    expect(request.headers['X-CSRFToken']).toBeUndefined();
    expect(request.headers.Authorization).toBeUndefined();
  });

  it('sends a JSON body with the CSRF header read from the csrftoken cookie', async () => {
    const stub = createFetchStub(() => jsonResponse(200, { recorded: true }));
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => 'theme=dark; csrftoken=tok%3D1' });

    await client.post('/analytics/track-event/', { event_type: 'page', event_name: 'Home' });

    const [request] = stub.requests;
    expect(request.method).toBe('POST');
    expect(request.headers['X-CSRFToken']).toBe('tok=1');
    expect(request.headers['Content-Type']).toBe('application/json');
    expect(request.body).toEqual({ event_type: 'page', event_name: 'Home' });
  });

  it('names the newest position pushed to it on reads, once there is one, and never on writes', async () => {
    const answer = () => jsonResponse(200, {});
    const stub = createFetchStub(answer, answer, answer);
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=abc' });
    let seen = 0;
    client.setSeenPosition(() => seen);

    await client.get('/call-management/calls/');
    seen = 42;
    await client.get('/call-management/calls/');
    await client.post('/analytics/track-event/', {});

    expect(stub.requests.map((request) => request.headers[SEEN_POSITION_HEADER])).toEqual([undefined, '42', undefined]);
  });

  it('first GETs /api/health to obtain the CSRF cookie when it is missing', async () => {
    let cookieJar = '';
    const stub = createFetchStub(
      () => {
        cookieJar = 'csrftoken=from-health';
        return jsonResponse(200, { status: 'ok' });
      },
      () => jsonResponse(200, { consent: true }),
    );
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => cookieJar });

    await client.post('/analytics/gdpr-consent/', { consent: true });

    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/health', 'POST /api/analytics/gdpr-consent/']);
    expect(stub.requests[0].credentials).toBe('include');
    expect(stub.requests[1].headers['X-CSRFToken']).toBe('from-health');
  });

  it('adds a bearer token when the user is signed in', async () => {
    const stub = createFetchStub(() => jsonResponse(200, []));
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => '', auth: signedIn(['token-1']) });

    await client.get('/users/locations/');

    expect(stub.requests[0].headers.Authorization).toBe('Bearer token-1');
  });

  it('waits for the device identity unless told not to', async () => {
    let ready!: () => void;
    const waiting: DeviceContext = { headers: () => ({}), waitUntilReady: () => new Promise<void>((r) => (ready = r)) };
    const stub = createFetchStub(
      () => jsonResponse(200, { anon_id: 'anon_x' }),
      () => jsonResponse(200, {}),
    );
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=t', device: waiting });

    const identity = client.post('/analytics/track-user/', {}, { skipDeviceWait: true });
    const flags = client.get('/analytics/feature-flags/');
    await identity;
    expect(stub.requests.map((r) => r.url)).toEqual(['/api/analytics/track-user/']);

    ready();
    await flags;
    expect(stub.requests.map((r) => r.url)).toEqual(['/api/analytics/track-user/', '/api/analytics/feature-flags/']);
  });

  it('answers undefined for 204 No Content', async () => {
    const stub = createFetchStub(() => new Response(null, { status: 204 }));
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=t' });

    await expect(client.delete('/users/onboarding-progress/')).resolves.toBeUndefined();
  });

  it('on 429 dispatches the rate-limit event and throws a RateLimitError', async () => {
    const events = new EventTarget();
    const seen: RateLimitEventDetail[] = [];
    events.addEventListener(RATE_LIMIT_EVENT, (event) => seen.push((event as CustomEvent<RateLimitEventDetail>).detail));
    const stub = createFetchStub(() => jsonResponse(429, { detail: 'Slow down' }, { 'Retry-After': '30' }));
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => '', events });

    const failure = await client.get('/analytics/rate-limits/').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(RateLimitError);
    expect(failure).toMatchObject({ status: 429, retryAfter: 30, path: '/analytics/rate-limits/', message: 'Slow down' });
    expect(seen).toEqual([{ retryAfter: 30, path: '/analytics/rate-limits/' }]);
  });

  it('leaves a used-up call quota to the caller: no rate-limit event for it', async () => {
    const events = new EventTarget();
    const seen: RateLimitEventDetail[] = [];
    events.addEventListener(RATE_LIMIT_EVENT, (event) => seen.push((event as CustomEvent<RateLimitEventDetail>).detail));
    const quota = { error: 'call_quota_exceeded', user_message: "You've used your 3 free test calls for today.", signup_required: true };
    const stub = createFetchStub(() => jsonResponse(429, quota, { 'Retry-After': '86400' }));
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=t', events });

    const failure = await client.post('/call-management/mock-test-call/', {}).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(RateLimitError);
    expect(failure).toMatchObject({ retryAfter: 86400, message: quota.user_message, body: quota });
    expect(seen).toEqual([]);
  });

  it('dispatches the rate-limit event on window by default', async () => {
    const listener = vi.fn();
    window.addEventListener(RATE_LIMIT_EVENT, listener);
    const stub = createFetchStub(() => jsonResponse(429, {}));
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => '' });

    await expect(client.get('/discoveries/')).rejects.toBeInstanceOf(RateLimitError);

    window.removeEventListener(RATE_LIMIT_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0][0] as CustomEvent<RateLimitEventDetail>).detail).toEqual({ retryAfter: null, path: '/discoveries/' });
  });

  it('on 403 for a signed-in user refreshes the token once and retries once after 1 s', async () => {
    const auth = signedIn(['stale-token']);
    const sleep = vi.fn(async () => undefined);
    const stub = createFetchStub(
      () => jsonResponse(403, { detail: 'Token expired' }),
      () => jsonResponse(200, { id: 'call_1' }),
    );
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => '', auth, sleep });

    await expect(client.get('/call-management/calls/call_1/')).resolves.toEqual({ id: 'call_1' });

    expect(auth.refreshToken).toHaveBeenCalledTimes(1);
    expect(sleep).toHaveBeenCalledWith(1000);
    expect(stub.requests.map((r) => r.headers.Authorization)).toEqual(['Bearer stale-token', 'Bearer fresh-token']);
  });

  it('gives up after the one retry when the answer is still 403', async () => {
    const auth = signedIn(['stale-token']);
    const stub = createFetchStub(
      () => jsonResponse(403, { detail: 'Forbidden' }),
      () => jsonResponse(403, { detail: 'Still forbidden' }),
    );
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => '', auth, sleep: async () => undefined });

    const failure = await client.get('/users/locations/').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, message: 'Still forbidden', body: { detail: 'Still forbidden' } });
    expect(auth.refreshToken).toHaveBeenCalledTimes(1);
    expect(stub.requests).toHaveLength(2);
  });

  it('does not refresh the token for a 403 a plan limit answered', async () => {
    const auth = signedIn(['token']);
    const sleep = vi.fn(async () => undefined);
    const limit = { error: 'plan_limit_reached', user_message: 'You have used all 5 test calls of the Free plan this month.' };
    const stub = createFetchStub(() => jsonResponse(403, limit));
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=t', auth, sleep });

    await expect(client.post('/call-management/test-call/', {})).rejects.toMatchObject({ status: 403, message: limit.user_message });
    expect(auth.refreshToken).not.toHaveBeenCalled();
    expect(sleep).not.toHaveBeenCalled();
    expect(stub.requests).toHaveLength(1);
  });

  it('does not retry a 403 for a signed-out visitor', async () => {
    const stub = createFetchStub(() => jsonResponse(403, { error: 'CSRF check failed' }));
    const sleep = vi.fn(async () => undefined);
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => '', sleep });

    await expect(client.get('/users/locations/')).rejects.toMatchObject({ status: 403, message: 'CSRF check failed' });
    expect(stub.requests).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it.each(['token_expired', 'token_invalid'])('on 401 %s refreshes the token once and retries after 1 s', async (code) => {
    vi.useFakeTimers();
    const auth = signedIn(['stale-token']);
    const stub = createFetchStub(
      () => jsonResponse(401, { error: code, detail: 'The access token was refused.' }),
      () => jsonResponse(200, { completedSteps: [] }),
    );
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => '', auth });

    const answer = client.get('/users/onboarding-progress/');
    await vi.advanceTimersByTimeAsync(999);
    expect(auth.refreshToken).toHaveBeenCalledTimes(1);
    expect(stub.requests).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({ completedSteps: [] });
    expect(stub.requests.map((r) => r.headers.Authorization)).toEqual(['Bearer stale-token', 'Bearer fresh-token']);
  });

  it('on 403 for a signed-in user waits the same 1 s before the retry', async () => {
    vi.useFakeTimers();
    const auth = signedIn(['stale-token']);
    const stub = createFetchStub(
      () => jsonResponse(403, { detail: 'Forbidden' }),
      () => jsonResponse(200, { ok: true }),
    );
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => '', auth });

    const answer = client.get('/users/locations/');
    await vi.advanceTimersByTimeAsync(999);
    expect(stub.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({ ok: true });
    expect(auth.refreshToken).toHaveBeenCalledTimes(1);
  });

  it('refreshes only once: a second token refusal is the answer', async () => {
    const auth = signedIn(['stale-token']);
    const stub = createFetchStub(
      () => jsonResponse(401, { error: 'token_expired' }),
      () => jsonResponse(401, { error: 'token_invalid', user_message: 'Please sign in again.' }),
    );
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => '', auth, sleep: async () => undefined });

    await expect(client.get('/auth/me/')).rejects.toMatchObject({ status: 401, message: 'Please sign in again.' });
    expect(auth.refreshToken).toHaveBeenCalledTimes(1);
    expect(stub.requests).toHaveLength(2);
  });

  it('does not refresh on a 401 that is not about the token', async () => {
    const auth = signedIn(['token-1']);
    const stub = createFetchStub(() => jsonResponse(401, { error: 'invalid_credentials', detail: 'E-mail or password is incorrect.' }));
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => '', auth, sleep: async () => undefined });

    await expect(client.get('/users/me/')).rejects.toMatchObject({ status: 401, message: 'E-mail or password is incorrect.' });
    expect(auth.refreshToken).not.toHaveBeenCalled();
  });

  it('sends skipAuth requests without a token and never refreshes for them', async () => {
    const auth = signedIn(['token-1']);
    const stub = createFetchStub(() => jsonResponse(401, { error: 'token_expired' }));
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=t', auth, sleep: async () => undefined });

    await expect(client.post('/auth/refresh/', undefined, { skipAuth: true })).rejects.toMatchObject({ status: 401 });
    expect(stub.requests[0].headers.Authorization).toBeUndefined();
    expect(auth.refreshToken).not.toHaveBeenCalled();
  });

  it('throws an ApiError carrying status and body for other failures', async () => {
    const body = { fields: { location: 'At least 2 characters required' } };
    const stub = createFetchStub(() => jsonResponse(400, body));
    const client = new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=t' });

    const failure = await client.post('/discoveries/', { business_name: 'x', location: 'y' }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).not.toBeInstanceOf(RateLimitError);
    expect(failure).toMatchObject({ status: 400, body, message: 'location: At least 2 characters required' });
  });
});
