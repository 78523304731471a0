import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiStub, jsonResponse } from '../../test/api-stub';
import { completedDiscovery, CORNER_SLICE, discovery, DISCOVERY_ID, PIZZA_PALACE } from '../../test/discovery-fixtures';
import { MemoryRealtimeServer } from '../../test/memory-realtime';
import { renderHookInApp } from '../../test/render-app';
import type { DiscoverySource } from './discovery-search-state';
import { useDiscoverySearch } from './use-discovery-search';

const CREATE = ['POST', '/api/discoveries/'] as const;
const STATUS = ['GET', `/api/discoveries/${DISCOVERY_ID}/status/`] as const;
const RESULTS = ['GET', `/api/discoveries/${DISCOVERY_ID}/results/`] as const;
const ROOM = `discovery:${DISCOVERY_ID}`;
const QUERY = { businessName: 'Pizza Palace', location: 'New York, NY' };

function setUp(source: DiscoverySource = 'home') {
  const stub = new ApiStub();
  const server = new MemoryRealtimeServer();
  const hook = renderHookInApp(() => useDiscoverySearch(source), { stub, server });
  const search = () => act(() => hook.result.current.search(QUERY));
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  const statusPolls = () => stub.requestsTo(...STATUS).length;
  return { stub, server, hook, search, advance, statusPolls, state: () => hook.result.current.state };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useDiscoverySearch', () => {
  it('creates the discovery with the values and follows its room, then shows the results a realtime update announces', async () => {
    const { stub, server, search, state, statusPolls } = setUp();
    stub
      .on(...CREATE, () => jsonResponse(201, discovery()))
      .on(...STATUS, () => jsonResponse(200, discovery({ status: 'completed' })))
      .on(...RESULTS, () => jsonResponse(200, completedDiscovery([PIZZA_PALACE, CORNER_SLICE])));

    await search();

    expect(stub.requestsTo(...CREATE)[0].body).toEqual({ business_name: 'Pizza Palace', location: 'New York, NY' });
    expect(state()).toMatchObject({ phase: 'searching', discoveryId: DISCOVERY_ID, query: QUERY });
    expect(screen.getByText('Discovery started')).toBeInTheDocument();
    expect(screen.getByText('Searching for businesses matching your criteria...')).toBeInTheDocument();
    expect(server.followedRooms()).toEqual([ROOM]);

    await act(async () => {
      server.publish({
        room: ROOM,
        position: 9,
        projection: 'discoveries',
        documentId: DISCOVERY_ID,
        document: { status: 'completed' },
      });
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(statusPolls()).toBe(1);
    expect(state()).toMatchObject({ phase: 'results', discoveryId: DISCOVERY_ID });
    expect(state().phase === 'results' && state()).toMatchObject({
      results: [
        { id: PIZZA_PALACE.id, name: 'Pizza Palace', phone: '(646) 555-0121', discoveryId: DISCOVERY_ID },
        { id: CORNER_SLICE.id, name: 'Corner Slice', phone: 'Not available', website: null, rating: null },
      ],
    });
    expect(screen.getByText('Discovery completed')).toBeInTheDocument();
    expect(screen.getByText('Found businesses matching your criteria')).toBeInTheDocument();
    expect(server.followedRooms()).toEqual([]);
    expect(stub.trackedEvents()).toContainEqual({
      name: 'Business Search',
      data: { query: 'Pizza Palace', location: 'New York, NY', resultsCount: 2 },
    });
  });

  it('a realtime update for a discovery still running keeps it searching', async () => {
    const { stub, server, search, state } = setUp();
    stub
      .on(...CREATE, () => jsonResponse(201, discovery()))
      .on(...STATUS, () => jsonResponse(200, discovery({ status: 'in_progress' })));

    await search();
    await act(async () => {
      server.publish({
        room: ROOM,
        position: 3,
        projection: 'discoveries',
        documentId: DISCOVERY_ID,
        document: { status: 'in_progress' },
      });
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(state().phase).toBe('searching');
    expect(server.followedRooms()).toEqual([ROOM]);
  });

  it('polls every 3 s when no realtime update comes, and fetches the results once completed', async () => {
    const { stub, server, search, advance, state, statusPolls } = setUp();
    server.online = false;
    stub
      .on(...CREATE, () => jsonResponse(201, discovery()))
      .on(
        ...STATUS,
        () => jsonResponse(200, discovery({ status: 'in_progress' })),
        () => jsonResponse(200, discovery({ status: 'in_progress' })),
        () => jsonResponse(200, discovery({ status: 'completed' })),
      )
      .on(...RESULTS, () => jsonResponse(200, completedDiscovery()));

    await search();
    await advance(2999);
    expect(statusPolls()).toBe(0);
    await advance(1);
    expect(statusPolls()).toBe(1);
    await advance(3000);
    expect(statusPolls()).toBe(2);
    expect(state().phase).toBe('searching');
    await advance(3000);

    expect(statusPolls()).toBe(3);
    expect(stub.requestsTo(...RESULTS)).toHaveLength(1);
    expect(state()).toMatchObject({ phase: 'results', results: [{ name: 'Pizza Palace' }] });
    await advance(30_000);
    expect(statusPolls()).toBe(3);
  });

  it('stops polling after 20 polls with Still Processing, and keeps listening for the realtime update', async () => {
    const { stub, server, search, advance, state, statusPolls } = setUp();
    stub
      .on(...CREATE, () => jsonResponse(201, discovery()))
      .on(...STATUS, () => jsonResponse(200, discovery({ status: 'in_progress' })))
      .on(...RESULTS, () => jsonResponse(200, completedDiscovery()));

    await search();
    await advance(19 * 3000);
    expect(statusPolls()).toBe(19);
    expect(screen.queryByText('Still Processing')).not.toBeInTheDocument();

    await advance(3000);
    expect(statusPolls()).toBe(20);
    expect(screen.getByText('Still Processing')).toBeInTheDocument();
    expect(screen.getByText("Taking longer than usual. We'll continue processing in the background.")).toBeInTheDocument();
    expect(state()).toMatchObject({ phase: 'searching', stillProcessing: true });

    await advance(60_000);
    expect(statusPolls()).toBe(20);
    expect(server.followedRooms()).toEqual([ROOM]);

    stub.on(...STATUS, () => jsonResponse(200, discovery({ status: 'completed' })));
    await act(async () => {
      server.publish({
        room: ROOM,
        position: 40,
        projection: 'discoveries',
        documentId: DISCOVERY_ID,
        document: { status: 'completed' },
      });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(state().phase).toBe('results');
  });

  it('stops polling at 90 s when answers are slow, before 20 polls', async () => {
    const { stub, search, advance, statusPolls } = setUp();
    const slowly = () =>
      new Promise<Response>((resolve) =>
        setTimeout(() => resolve(jsonResponse(200, discovery({ status: 'in_progress' }))), 2000),
      );
    stub.on(...CREATE, () => jsonResponse(201, discovery())).on(...STATUS, slowly);

    await search();
    await advance(89_000);
    expect(screen.queryByText('Still Processing')).not.toBeInTheDocument();
    await advance(1_000);

    // Each round takes 3 s of waiting and 2 s of answering: the 18th answer arrives at 90 s.
    expect(statusPolls()).toBe(18);
    expect(screen.getByText('Still Processing')).toBeInTheDocument();
    await advance(30_000);
    expect(statusPolls()).toBe(18);
  });

  it('stops polling when a poll fails and says so on home', async () => {
    const { stub, search, advance, state, statusPolls } = setUp('home');
    stub
      .on(...CREATE, () => jsonResponse(201, discovery()))
      .on(...STATUS, () => jsonResponse(500, { detail: 'Read store unavailable' }));

    await search();
    await advance(3000);

    expect(state()).toMatchObject({ phase: 'status-error', message: 'Error checking discovery status. Please try again.' });
    await advance(30_000);
    expect(statusPolls()).toBe(1);
  });

  it('stops polling when a poll fails without a message on Explore', async () => {
    const { stub, search, advance, state, statusPolls } = setUp('explore');
    stub.on(...CREATE, () => jsonResponse(201, discovery())).on(...STATUS, () => jsonResponse(500, {}));

    await search();
    await advance(3000);

    expect(state()).toMatchObject({ phase: 'status-error', message: null });
    await advance(30_000);
    expect(statusPolls()).toBe(1);
  });

  it('fetches the results at once when the discovery is created completed', async () => {
    const { stub, server, search, state, statusPolls } = setUp();
    stub
      .on(...CREATE, () => jsonResponse(201, discovery({ status: 'completed' })))
      .on(...RESULTS, () => jsonResponse(200, completedDiscovery()));

    await search();
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(state()).toMatchObject({ phase: 'results', results: [{ name: 'Pizza Palace' }] });
    expect(statusPolls()).toBe(0);
    expect(server.subscribes).toEqual([]);
    expect(screen.queryByText('Discovery started')).not.toBeInTheDocument();
    expect(screen.getByText('Discovery completed')).toBeInTheDocument();
  });

  it('says no businesses were found when a completed discovery has none', async () => {
    const { stub, search, state } = setUp();
    stub
      .on(...CREATE, () => jsonResponse(201, discovery({ status: 'completed' })))
      .on(...RESULTS, () => jsonResponse(200, completedDiscovery([])));

    await search();
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(state()).toMatchObject({ phase: 'results', results: [] });
    expect(screen.getByText('No businesses found for your search criteria.')).toBeInTheDocument();
    expect(stub.trackedEvents()).toContainEqual({ name: 'Business Search', data: expect.objectContaining({ resultsCount: 0 }) });
  });

  it('shows a failed discovery with the server’s message and reason', async () => {
    const { stub, search, advance, state } = setUp();
    const failed = discovery({
      status: 'failed',
      failure_reason: 'location_unclear',
      error: 'The location is too broad or unclear.',
    });
    stub.on(...CREATE, () => jsonResponse(201, discovery())).on(...STATUS, () => jsonResponse(200, failed));

    await search();
    await advance(3000);

    expect(state()).toMatchObject({
      phase: 'failed',
      message: 'The location is too broad or unclear.',
      reason: 'location_unclear',
    });
    expect(screen.getByText('Discovery failed')).toBeInTheDocument();
    expect(screen.getByText('The location is too broad or unclear.')).toBeInTheDocument();
  });

  it('says Please try again later when creating the discovery fails without a message', async () => {
    const { stub, search, state } = setUp();
    stub.on(...CREATE, () => Promise.reject(new TypeError('Failed to fetch')));

    await search();

    expect(state()).toMatchObject({ phase: 'failed', message: null });
    expect(screen.getByText('Discovery failed')).toBeInTheDocument();
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
  });

  it('says Discovery Failed when the results cannot be fetched', async () => {
    const { stub, search, state } = setUp();
    stub.on(...CREATE, () => jsonResponse(201, discovery({ status: 'completed' }))).on(...RESULTS, () => jsonResponse(404, {}));

    await search();
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(state().phase).toBe('failed');
    expect(screen.getByText('Discovery Failed')).toBeInTheDocument();
    expect(screen.getByText("We couldn't find information for this business. Please try again.")).toBeInTheDocument();
  });

  it('stops polling and leaves the room when the screen closes', async () => {
    const { stub, server, hook, search, advance, statusPolls } = setUp();
    stub
      .on(...CREATE, () => jsonResponse(201, discovery()))
      .on(...STATUS, () => jsonResponse(200, discovery({ status: 'in_progress' })));

    await search();
    await advance(3000);
    expect(statusPolls()).toBe(1);

    hook.unmount();
    await vi.advanceTimersByTimeAsync(30_000);

    expect(statusPolls()).toBe(1);
    expect(server.unsubscribes).toEqual([{ room: ROOM }]);
  });

  it('reset clears the results and stops polling, also for a creation still on its way', async () => {
    const { stub, server, hook, search, advance, state, statusPolls } = setUp();
    stub
      .on(...CREATE, () => jsonResponse(201, discovery()))
      .on(...STATUS, () => jsonResponse(200, discovery({ status: 'in_progress' })));

    await search();
    act(() => hook.result.current.reset());
    await advance(30_000);

    expect(state()).toEqual({ phase: 'idle' });
    expect(statusPolls()).toBe(0);
    expect(server.followedRooms()).toEqual([]);

    let answer: ((response: Response) => void) | null = null;
    stub.on(...CREATE, () => new Promise<Response>((resolve) => (answer = resolve)));
    let pending!: Promise<void>;
    act(() => {
      pending = hook.result.current.search(QUERY);
    });
    await advance(0);
    expect(answer).not.toBeNull();
    act(() => hook.result.current.reset());
    answer!(jsonResponse(201, discovery()));
    await act(() => pending);
    await advance(30_000);

    expect(state()).toEqual({ phase: 'idle' });
    expect(statusPolls()).toBe(0);
  });
});
