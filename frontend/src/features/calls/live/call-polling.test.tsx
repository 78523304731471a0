import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Call } from '../../../api/calls-api';
import { callKeys } from '../../../api/calls-queries';
import { ApiStub, jsonResponse } from '../../../test/api-stub';
import { callPushOutcome } from './call-polling';
import { MemoryRealtimeServer } from '../../../test/memory-realtime';
import { renderApp, type TestAppOptions } from '../../../test/render-app';
import { CALL_ID, CALL_PATH, CALL_ROOM, callFixture, completedCall, FULL_ANALYSIS, OWNER, previewOf, publishCall } from '../testing/call-fixtures';

const at = (seconds: number) => `2026-01-05T15:00:${String(seconds).padStart(2, '0')}.000Z`;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The call report over `stub`, once its route has loaded the call; realtime is offline unless `server` says otherwise. */
async function openReport(stub: ApiStub, options: TestAppOptions & { online?: boolean } = {}) {
  const server = options.server ?? new MemoryRealtimeServer();
  server.online = options.online ?? false;
  const app = renderApp(`/call/${CALL_ID}`, { auth: OWNER, ...options, stub, server });
  await advance(0);
  const gets = () => stub.requestsTo('GET', CALL_PATH).length;
  const shown = () => app.queryClient.getQueryData<Call>(callKeys.detail(CALL_ID));
  return { ...app, gets, shown };
}

const failedCard = () => screen.queryByRole('alert', { name: 'Call failed' });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a live call', () => {
  it('follows its room without polling while the room speaks, and leaves it once the call settles', async () => {
    const stub = new ApiStub().on('GET', CALL_PATH, () => jsonResponse(200, callFixture()));
    const app = await openReport(stub, { online: true });
    expect(app.server.followedRooms()).toEqual([CALL_ROOM]);

    await publishCall(app, callFixture({ phase: 'ringing', ring_count: 1, updated_at: at(2) }));
    await advance(3000);
    await publishCall(app, callFixture({ phase: 'ringing', ring_count: 2, updated_at: at(5) }));
    await advance(3000);
    await publishCall(app, callFixture({ phase: 'answered', answered_by: 'human', updated_at: at(8) }));
    await advance(3000);

    expect(app.shown()).toMatchObject({ phase: 'answered', answered_by: 'human' });
    expect(app.gets()).toBe(1);

    await publishCall(app, completedCall('full', { updated_at: at(40) }));
    expect(app.server.followedRooms()).toEqual([]);
    await advance(60_000);
    expect(app.gets()).toBe(1);
  });

  it('keeps whose call it is when a socket preview, which does not say, follows the API answer', async () => {
    const stub = new ApiStub().on('GET', CALL_PATH, () => jsonResponse(200, previewOf(callFixture(), true)));
    const app = await openReport(stub, { auth: undefined, online: true });
    const { viewer_is_owner: _unsaid, ...preview } = previewOf(callFixture({ phase: 'ringing', updated_at: at(2) }));

    await publishCall(app, preview as Call);

    expect(app.shown()).toMatchObject({ phase: 'calling', viewer_is_owner: true });
    expect(screen.getByRole('button', { name: 'Cancel Call' })).toBeInTheDocument();
  });

  it('polls every 5 s when realtime is unavailable, after completion until the analysis is there, then stops', async () => {
    const stub = new ApiStub().on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, callFixture({ status: 'queued', phase: 'queued' })),
      () => jsonResponse(200, callFixture({ updated_at: at(4) })),
      () => jsonResponse(200, completedCall('full', { phase: 'analyzing', analysis: null, updated_at: at(9) })),
      () => jsonResponse(200, completedCall('full', { updated_at: at(12) })),
    );
    const app = await openReport(stub);
    expect(app.gets()).toBe(1);

    await advance(4999);
    expect(app.gets()).toBe(1);
    await advance(1);
    expect(app.gets()).toBe(2);
    await advance(5000);
    expect(app.shown()).toMatchObject({ status: 'completed', analysis: null });
    expect(screen.getByText('Waiting for call analysis results')).toBeInTheDocument();
    await advance(5000);

    expect(app.gets()).toBe(4);
    expect(app.shown()?.analysis).not.toBeNull();
    await advance(30_000);
    expect(app.gets()).toBe(4);
  });

  it('says the call data could not be retrieved when the analysis of a completed call never comes back', async () => {
    const stub = new ApiStub().on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, completedCall('full', { phase: 'analyzing', analysis: null })),
      () => jsonResponse(502, {}),
    );
    const app = await openReport(stub);

    await advance(9 * 5000);
    expect(failedCard()).not.toBeInTheDocument();
    await advance(5000);

    expect(failedCard()).toHaveTextContent('Failed to retrieve call data after multiple attempts');
    expect(app.gets()).toBe(11);
  });

  it('counts failures in a row only: an answer between them starts the count again', async () => {
    const stub = new ApiStub().on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, callFixture()),
      ...Array.from({ length: 4 }, () => () => jsonResponse(500, {})),
      () => jsonResponse(200, callFixture({ updated_at: at(30) })),
      () => jsonResponse(503, { detail: 'Unavailable' }),
    );
    const app = await openReport(stub);

    await advance(5 * 5000 + 9 * 5000);
    expect(app.gets()).toBe(1 + 5 + 9);
    expect(failedCard()).not.toBeInTheDocument();

    await advance(5000);
    expect(within(failedCard()!).getByText('Unable to retrieve final call status')).toBeInTheDocument();
    await advance(60_000);
    expect(app.gets()).toBe(1 + 5 + 10);
  });

  it('waits longer after a 429: the Retry-After, or three intervals when none is given', async () => {
    const stub = new ApiStub().on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, callFixture()),
      () => jsonResponse(429, { detail: 'Slow down' }, { 'Retry-After': '30' }),
      () => jsonResponse(429, {}),
      () => jsonResponse(200, callFixture({ updated_at: at(50) })),
    );
    const app = await openReport(stub);

    await advance(5000);
    expect(app.gets()).toBe(2);
    await advance(29_999);
    expect(app.gets()).toBe(2);
    await advance(1);
    expect(app.gets()).toBe(3);
    await advance(14_999);
    expect(app.gets()).toBe(3);
    await advance(1);
    expect(app.gets()).toBe(4);
    expect(app.shown()).toMatchObject({ updated_at: at(50) });
    expect(failedCard()).not.toBeInTheDocument();
  });

  it('stops quietly on a 404 once the status is already final', async () => {
    const stub = new ApiStub().on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, completedCall('full', { phase: 'analyzing', analysis: null })),
      () => jsonResponse(404, { detail: 'Call not found' }),
    );
    const app = await openReport(stub);

    await advance(5000);
    await advance(60_000);

    expect(app.gets()).toBe(2);
    expect(failedCard()).not.toBeInTheDocument();
    expect(screen.getByText('Waiting for call analysis results')).toBeInTheDocument();
  });

  it('drops an answer already on its way when a push overtakes it', async () => {
    let answer!: (response: Response) => void;
    const stub = new ApiStub().on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, callFixture()),
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const app = await openReport(stub, { online: true });
    await advance(5000);
    expect(app.gets()).toBe(2);

    await publishCall(app, callFixture({ phase: 'answered', answered_by: 'human', updated_at: at(20) }));
    answer(jsonResponse(200, callFixture({ phase: 'ringing', ring_count: 1, updated_at: at(10) })));
    await advance(0);

    expect(app.shown()).toMatchObject({ phase: 'answered' });
  });

  it('reads the call again for the report its pushes leave out, and keeps that report through later pushes', async () => {
    const analysed = completedCall('full', { updated_at: at(40) });
    const pushed = { ...analysed, analysis: { ...FULL_ANALYSIS, report: null } };
    const stub = new ApiStub().on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, callFixture()),
      () => jsonResponse(200, analysed),
    );
    const app = await openReport(stub, { online: true });

    await publishCall(app, pushed);
    await advance(0);
    expect(app.gets()).toBe(2);
    expect(app.shown()).toEqual(analysed);
    expect(app.server.followedRooms()).toEqual([]);

    // Settled, the page follows the room no more; a push of the same analysis still keeps the report shown.
    const later = { ...pushed, phase: 'done' as const, updated_at: at(50) };
    const message = { room: CALL_ROOM, projection: 'calls', documentId: CALL_ID, document: later, position: 9 };
    expect(callPushOutcome(CALL_ID, message, analysed)).toEqual({ data: { ...later, analysis: FULL_ANALYSIS } });
    const reanalysed = { ...later, analysis: { ...later.analysis, updated_at: at(55) } };
    expect(callPushOutcome(CALL_ID, { ...message, document: reanalysed }, analysed)).toBe('refetch');
  });

  it('shows a completed call whose report is not read yet as waiting for its analysis, never the preview', async () => {
    const pending = completedCall('full', { analysis: { ...FULL_ANALYSIS, report: null } });
    const stub = new ApiStub().on('GET', CALL_PATH, () => jsonResponse(200, pending));
    const app = await openReport(stub);

    expect(screen.getByText('Waiting for call analysis results')).toBeInTheDocument();
    expect(screen.queryByText('See Full Preview')).not.toBeInTheDocument();
    await advance(5000);
    expect(app.gets()).toBe(2);
  });

  it('ignores a push older than what an answer already showed', async () => {
    const stub = new ApiStub().on('GET', CALL_PATH, () => jsonResponse(200, callFixture({ phase: 'answered', updated_at: at(20) })));
    const app = await openReport(stub, { online: true });

    await publishCall(app, callFixture({ phase: 'ringing', updated_at: at(10) }));

    expect(app.shown()).toMatchObject({ phase: 'answered' });
  });

  it('reads the owner’s view again when a preview arrives on a socket opened before sign-in', async () => {
    const stub = new ApiStub().on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, callFixture()),
      () => jsonResponse(200, callFixture({ phase: 'conversation', updated_at: at(20) })),
    );
    const app = await openReport(stub, { online: true });

    await publishCall(app, previewOf(callFixture({ phase: 'conversation', updated_at: at(20) })));
    await advance(0);

    expect(app.gets()).toBe(2);
    expect(app.shown()).toMatchObject({ phase: 'conversation', access: 'full' });
  });

  it('after sign-in gives up looking again for the full view after 5 looks', async () => {
    const stub = new ApiStub().on('GET', CALL_PATH, () => jsonResponse(200, completedCall('preview')));
    const app = await openReport(stub, { auth: undefined });

    app.setAuth(OWNER);
    await advance(20_000);

    expect(app.gets()).toBe(1 + 5);
  });
});
