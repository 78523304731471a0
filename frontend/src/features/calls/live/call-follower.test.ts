// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, createCallsApi } from '../../../api/calls-api';
import { ApiStub, jsonResponse } from '../../../test/api-stub';
import { MemoryRealtimeServer } from '../../../test/memory-realtime';
import { CALL_ID, CALL_PATH, CALL_ROOM, callFixture, completedCall } from '../testing/call-fixtures';
import { CallFollower } from './call-follower';

function setUp() {
  const stub = new ApiStub();
  const server = new MemoryRealtimeServer();
  const realtime = server.createClient();
  const api = createCallsApi(stub.client());
  const updates: Call[] = [];
  const gaveUp: string[] = [];
  const loadFailures: unknown[] = [];
  const follower = new CallFollower(
    { fetchCall: (id) => api.get(id), subscribe: (room, onDocument) => realtime.subscribe(room, (m) => onDocument(m.document)) },
    { update: (call) => updates.push(call), gaveUp: (message) => gaveUp.push(message), loadFailed: (error) => loadFailures.push(error) },
  );
  let position = 0;
  const publish = (call: Call) => {
    position += 1;
    server.publish({ room: CALL_ROOM, position, projection: 'calls', documentId: CALL_ID, document: call as never });
  };
  const gets = () => stub.requestsTo('GET', CALL_PATH).length;
  return { stub, server, follower, updates, gaveUp, loadFailures, publish, gets };
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const at = (seconds: number) => `2026-01-05T15:00:${String(seconds).padStart(2, '0')}.000Z`;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CallFollower', () => {
  it('loads the call, follows its room and applies each realtime update, without polling while the room speaks', async () => {
    const { stub, server, follower, updates, publish, gets } = setUp();
    stub.on('GET', CALL_PATH, () => jsonResponse(200, callFixture()));

    follower.start(CALL_ID);
    await advance(0);
    expect(server.followedRooms()).toEqual([CALL_ROOM]);
    expect(updates.map((c) => c.phase)).toEqual(['dialing']);

    publish(callFixture({ phase: 'ringing', ring_count: 1, updated_at: at(2) }));
    await advance(3000);
    publish(callFixture({ phase: 'ringing', ring_count: 2, updated_at: at(5) }));
    await advance(3000);
    publish(callFixture({ phase: 'answered', answered_by: 'human', updated_at: at(8) }));
    await advance(3000);

    expect(updates.map((c) => `${c.phase}:${c.ring_count}`)).toEqual(['dialing:0', 'ringing:1', 'ringing:2', 'answered:0']);
    expect(gets()).toBe(1);

    publish(completedCall('full', { updated_at: at(40) }));
    await advance(0);
    expect(follower.isFollowing).toBe(false);
    expect(server.followedRooms()).toEqual([]);
    await advance(60_000);
    expect(gets()).toBe(1);
  });

  it('keeps whose call it is when a socket preview (which does not say) follows the API answer', async () => {
    const { stub, follower, updates, publish } = setUp();
    stub.on('GET', CALL_PATH, () => jsonResponse(200, callFixture({ access: 'preview', viewer_is_owner: true })));
    follower.start(CALL_ID);
    await advance(0);
    const { viewer_is_owner: _omitted, ...preview } = callFixture({ access: 'preview', phase: 'ringing', ring_count: 1, updated_at: at(2) });
    publish(preview as Call);
    await advance(0);
    expect(updates.map((c) => [c.phase, c.viewer_is_owner])).toEqual([
      ['dialing', true],
      ['ringing', true],
    ]);
    follower.stop();
  });

  it('polls every 5 s when realtime is unavailable, and after completion until the analysis is there', async () => {
    const { stub, server, follower, updates, gets } = setUp();
    server.online = false;
    stub.on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, callFixture({ status: 'queued', phase: 'queued' })),
      () => jsonResponse(200, callFixture({ updated_at: at(4) })),
      () => jsonResponse(200, completedCall('full', { phase: 'analyzing', analysis: null, updated_at: at(9) })),
      () => jsonResponse(200, completedCall('full', { updated_at: at(12) })),
    );

    follower.start(CALL_ID);
    await advance(0);
    expect(gets()).toBe(1);
    await advance(4999);
    expect(gets()).toBe(1);
    await advance(1);
    expect(gets()).toBe(2);
    await advance(5000);
    expect(updates.at(-1)).toMatchObject({ status: 'completed', analysis: null });
    expect(follower.isFollowing).toBe(true);
    await advance(5000);

    expect(gets()).toBe(4);
    expect(updates.at(-1)?.analysis).not.toBeNull();
    expect(follower.isFollowing).toBe(false);
    await advance(30_000);
    expect(gets()).toBe(4);
  });

  it('after 10 consecutive failed polls marks the call as not retrievable and stops', async () => {
    const { stub, server, follower, gaveUp, gets } = setUp();
    server.online = false;
    stub.on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, callFixture()),
      ...Array.from({ length: 4 }, () => () => jsonResponse(500, {})),
      () => jsonResponse(200, callFixture({ updated_at: at(30) })),
      () => jsonResponse(503, { detail: 'Unavailable' }),
    );

    follower.start(CALL_ID);
    await advance(0);
    await advance(5 * 5000);
    expect(follower.consecutiveFailures).toBe(0);
    await advance(9 * 5000);
    expect(follower.consecutiveFailures).toBe(9);
    expect(gaveUp).toEqual([]);

    await advance(5000);

    expect(gaveUp).toEqual(['Unable to retrieve final call status']);
    expect(follower.isFollowing).toBe(false);
    const polls = gets();
    await advance(60_000);
    expect(gets()).toBe(polls);
  });

  it('says the call data could not be retrieved when the analysis of a completed call never comes back', async () => {
    const { stub, server, follower, gaveUp } = setUp();
    server.online = false;
    stub.on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, completedCall('full', { phase: 'analyzing', analysis: null })),
      () => jsonResponse(502, {}),
    );

    follower.start(CALL_ID);
    await advance(10 * 5000);

    expect(gaveUp).toEqual(['Failed to retrieve call data after multiple attempts']);
  });

  it('waits longer after a 429: the Retry-After, or three intervals when none is given', async () => {
    const { stub, server, follower, gets } = setUp();
    server.online = false;
    stub.on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, callFixture()),
      () => jsonResponse(429, { detail: 'Slow down' }, { 'Retry-After': '30' }),
      () => jsonResponse(429, {}),
      () => jsonResponse(200, callFixture({ updated_at: at(50) })),
    );

    follower.start(CALL_ID);
    await advance(5000);
    expect(gets()).toBe(2);
    await advance(29_999);
    expect(gets()).toBe(2);
    await advance(1);
    expect(gets()).toBe(3);
    await advance(14_999);
    expect(gets()).toBe(3);
    await advance(1);
    expect(gets()).toBe(4);
    expect(follower.consecutiveFailures).toBe(0);
  });

  it('stops quietly on a 404 once the status is already final', async () => {
    const { stub, server, follower, gaveUp, updates, gets } = setUp();
    server.online = false;
    stub.on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, completedCall('full', { phase: 'analyzing', analysis: null })),
      () => jsonResponse(404, { detail: 'Call not found' }),
    );

    follower.start(CALL_ID);
    await advance(5000);

    expect(follower.isFollowing).toBe(false);
    expect(gaveUp).toEqual([]);
    expect(updates).toHaveLength(1);
    await advance(60_000);
    expect(gets()).toBe(2);
  });

  it('says the id is missing, and asks nothing, when there is no call id', async () => {
    const { stub, follower, gaveUp } = setUp();

    follower.start('  ');
    await advance(60_000);

    expect(gaveUp).toEqual(['Call ID is missing, cannot poll for updates.']);
    expect(stub.calls()).toEqual([]);
  });

  it('reports a refused first load and stops', async () => {
    const { stub, server, follower, loadFailures } = setUp();
    stub.on('GET', CALL_PATH, () => jsonResponse(404, { detail: 'Call not found' }));

    follower.start(CALL_ID);
    await advance(0);

    expect(loadFailures).toHaveLength(1);
    expect(loadFailures[0]).toMatchObject({ status: 404 });
    expect(server.followedRooms()).toEqual([]);
  });

  it('ignores an answer older than what realtime already showed', async () => {
    const { stub, follower, updates, publish } = setUp();
    let answer!: (response: Response) => void;
    stub.on('GET', CALL_PATH, () => new Promise<Response>((resolve) => (answer = resolve)));

    follower.start(CALL_ID);
    publish(callFixture({ phase: 'answered', updated_at: at(20) }));
    await advance(0);
    answer(jsonResponse(200, callFixture({ phase: 'ringing', updated_at: at(10) })));
    await advance(0);

    expect(updates.map((c) => c.phase)).toEqual(['answered']);
  });

  it('reads the owner’s view again when a preview arrives on a socket opened before sign-in', async () => {
    const { stub, follower, updates, publish, gets } = setUp();
    stub.on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, callFixture({ access: 'full' })),
      () => jsonResponse(200, callFixture({ phase: 'conversation', access: 'full', updated_at: at(20) })),
    );

    follower.start(CALL_ID);
    await advance(0);
    publish(callFixture({ phase: 'conversation', access: 'preview', transcript: undefined, updated_at: at(20) }));
    await advance(0);

    expect(gets()).toBe(2);
    expect(updates.map((c) => `${c.phase}:${c.access}`)).toEqual(['dialing:full', 'conversation:full']);
  });

  it('after sign-in looks again every 2 s until the call shows in full', async () => {
    const { stub, follower, updates, gets } = setUp();
    stub.on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, completedCall('preview')),
      () => jsonResponse(200, completedCall('preview')),
      () => jsonResponse(200, completedCall('preview')),
      () => jsonResponse(200, completedCall('full')),
    );
    follower.start(CALL_ID);
    await advance(0);
    expect(follower.isFollowing).toBe(false);

    const recheck = follower.recheckAccess();
    await advance(0);
    expect(gets()).toBe(2);
    await advance(2000);
    expect(gets()).toBe(3);
    await advance(2000);
    await recheck;

    expect(gets()).toBe(4);
    expect(updates.at(-1)?.access).toBe('full');
    await advance(10_000);
    expect(gets()).toBe(4);
  });

  it('after sign-in gives up re-checking after 5 looks', async () => {
    const { stub, follower, gets } = setUp();
    stub.on('GET', CALL_PATH, () => jsonResponse(200, completedCall('preview')));
    follower.start(CALL_ID);
    await advance(0);

    const recheck = follower.recheckAccess();
    await advance(20_000);
    await recheck;

    expect(gets()).toBe(1 + 5);
  });
});
