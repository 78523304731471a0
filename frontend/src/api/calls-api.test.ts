// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { ApiError } from './api-error';
import { createCallsApi, fetchCallRecording, isFullAnalysis } from './calls-api';
import { createFetchStub, jsonResponse } from '../test/fetch-stub';

const CALL = 'call_1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const client = (stub: ReturnType<typeof createFetchStub>) =>
  new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=t', sleep: async () => undefined });

describe('calls API', () => {
  it('reads one call and cancels it on the spec paths', async () => {
    const stub = createFetchStub(
      () => jsonResponse(200, { id: CALL, status: 'in_progress' }),
      () => jsonResponse(200, { id: CALL, status: 'canceled' }),
    );
    const api = createCallsApi(client(stub));

    await expect(api.get(CALL)).resolves.toMatchObject({ status: 'in_progress' });
    await expect(api.cancel(CALL)).resolves.toMatchObject({ status: 'canceled' });

    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /api/call-management/calls/${CALL}/`,
      `POST /api/call-management/calls/${CALL}/cancel_call/`,
    ]);
    expect(stub.requests[1].headers['X-CSRFToken']).toBe('t');
  });

  it('lists the caller’s calls newest first unless asked otherwise', async () => {
    const stub = createFetchStub(
      () => jsonResponse(200, { count: 1, results: [{ id: CALL }] }),
      () => jsonResponse(200, { count: 1, results: [{ id: CALL }] }),
    );
    const api = createCallsApi(client(stub));

    await expect(api.list()).resolves.toEqual([{ id: CALL }]);
    await expect(api.list('created_at')).resolves.toEqual([{ id: CALL }]);

    expect(stub.requests.map((r) => r.url)).toEqual([
      '/api/call-management/calls/?ordering=-created_at',
      '/api/call-management/calls/?ordering=created_at',
    ]);
  });

  it('tells the owner’s analysis from the preview', () => {
    expect(isFullAnalysis(null)).toBe(false);
    expect(
      isFullAnalysis({ connection_status: 'answered', attempts_before_pickup: 1, first_call_success: true, access: 'preview' }),
    ).toBe(false);
  });
});

describe('fetchCallRecording', () => {
  const url = `/api/call-management/calls/${CALL}/recording/`;

  it('sends the bearer token and answers the audio as a Blob', async () => {
    const stub = createFetchStub(() => new Response(new Uint8Array([82, 73, 70, 70]), { status: 200, headers: { 'Content-Type': 'audio/wav' } }));

    const blob = await fetchCallRecording(url, { getToken: async () => 'tok' }, { fetch: stub.fetch });

    expect(blob.type).toBe('audio/wav');
    expect(blob.size).toBe(4);
    expect(stub.requests[0]).toMatchObject({ url, method: 'GET', credentials: 'include' });
    expect(stub.requests[0].headers.Authorization).toBe('Bearer tok');
  });

  it('refreshes a refused token once', async () => {
    const stub = createFetchStub(
      () => jsonResponse(403, { detail: 'Token expired' }),
      () => new Response(new Uint8Array([1]), { status: 200, headers: { 'Content-Type': 'audio/wav' } }),
    );

    await fetchCallRecording(url, { getToken: async () => 'old', refreshToken: async () => 'new' }, { fetch: stub.fetch });

    expect(stub.requests.map((r) => r.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('throws the server’s message when the recording cannot be had', async () => {
    const stub = createFetchStub(() => jsonResponse(404, { detail: 'Recording not found' }));

    const failure = await fetchCallRecording(url, { getToken: async () => 'tok' }, { fetch: stub.fetch }).catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, message: 'Recording not found' });
  });
});
