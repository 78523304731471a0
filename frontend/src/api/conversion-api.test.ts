// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { ApiError } from './api-error';
import { createConversionApi } from './conversion-api';
import { conversionKeys } from './conversion-queries';
import { createFetchStub, jsonResponse } from '../test/fetch-stub';

const clientFor = (stub: ReturnType<typeof createFetchStub>) =>
  new ApiClient({
    fetch: stub.fetch,
    cookies: () => 'csrftoken=c1',
    auth: { isSignedIn: () => true, getToken: async () => 'token-1', refreshToken: async () => 'token-1' },
    sleep: async () => undefined,
  });

describe('conversion API', () => {
  it('asks for the report of a range, as of a moment or an event, signed in', async () => {
    const answer = () => jsonResponse(200, { from: '2026-09-01', to: '2026-11-24' });
    const stub = createFetchStub(answer, answer, answer);
    const api = createConversionApi(clientFor(stub));

    await expect(api.report()).resolves.toEqual({ from: '2026-09-01', to: '2026-11-24' });
    await api.report({ from: '2026-10-01', to: '2026-10-31', asOf: '2026-11-01T12:00:00.000Z' });
    await api.report({ from: '2026-10-01', to: '2026-10-31', asOfPosition: 42 });

    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/analytics/conversion/',
      'GET /api/analytics/conversion/?from=2026-10-01&to=2026-10-31&as_of=2026-11-01T12%3A00%3A00.000Z',
      'GET /api/analytics/conversion/?from=2026-10-01&to=2026-10-31&as_of_position=42',
    ]);
    expect(stub.requests.every((r) => r.headers.Authorization === 'Bearer token-1')).toBe(true);
  });

  it('passes the refusal of a user who is not an analyst on as a 403 with its message, after one fresh token', async () => {
    const refusal = () => jsonResponse(403, { error: 'forbidden', detail: 'Analysts only.' });
    const stub = createFetchStub(refusal, refusal);
    const failure = await createConversionApi(clientFor(stub)).report().catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, message: 'Analysts only.' });
    expect(stub.requests).toHaveLength(2);
  });

  it('keys each range and moment apart', () => {
    expect(conversionKeys.report({})).toEqual(['conversion', 'report', 'default', 'default', 'now', 'latest']);
    expect(conversionKeys.report({ from: '2026-10-01', to: '2026-10-31', asOfPosition: 7 })).toEqual([
      'conversion',
      'report',
      '2026-10-01',
      '2026-10-31',
      'now',
      7,
    ]);
  });
});
