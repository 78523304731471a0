import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callsProjection, type RecordedEvent } from '@ringcheck/projections';
import { SqliteEventStore } from '../infrastructure/event-store';
import type { BenchOptions } from './bench-options';
import type { FollowerReport, FollowerSpec } from './children/sockets-followers';
import { FollowerProcess } from './follower-process';
import { bareFloor, pushesToReplay } from './sockets-floor';
import { apiRequest, type ServerChild, startServerChild } from './server-child';
import { ms, report, seconds, summarize } from './stats';

interface Shape {
  calls: number;
  followersPerCall: number;
  /** Followers of each call signed in as its owner (the full room); the others follow its preview. */
  ownerFollowersPerCall: number;
  owners: number;
  clientProcesses: number;
  timeScale: string;
}

const FULL: Shape = { calls: 50, followersPerCall: 100, ownerFollowersPerCall: 50, owners: 10, clientProcesses: 2, timeScale: '0.2' };
const QUICK: Shape = { calls: 6, followersPerCall: 50, ownerFollowersPerCall: 25, owners: 2, clientProcesses: 1, timeScale: '0.025' };

/** Searches whose bundled results hold enough businesses for one owner's calls. */
const SEARCHES: [string, string][] = [
  ['plumber', 'Austin, TX'],
  ['locksmith', 'New York, NY'],
  ['towing', 'Miami, FL'],
  ['locksmith', 'Chicago, IL'],
  ['dentist', 'Seattle, WA'],
];
const PASSWORD = 'Vivid-Lantern-Orbit-42';
const sleep = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, delayMs));

interface BenchCall {
  id: string;
  token: string;
}

/** Signs up `owners` accounts; each runs a discovery search and records calls to its businesses, not yet placed. */
async function recordCalls(base: string, shape: Shape): Promise<BenchCall[]> {
  const owners = await Promise.all(
    Array.from({ length: shape.owners }, async (_, index) => {
      const session = await apiRequest(base, 'POST', '/api/auth/sign-up/', { body: { email: `sockets-owner-${index + 1}@example.com`, password: PASSWORD } });
      const token = session.access_token as string;
      const [businessName, location] = SEARCHES[index % SEARCHES.length];
      const discovery = await apiRequest(base, 'POST', '/api/discoveries/', { token, body: { business_name: businessName, location } });
      let results: { status: string; place_search_results: { phone_number: string }[] };
      for (;;) {
        results = await apiRequest(base, 'GET', `/api/discoveries/${discovery.id}/results/`, { token });
        if (results.status === 'completed') break;
        if (results.status === 'failed') throw new Error(`The search for ${businessName} in ${location} failed`);
        await sleep(25);
      }
      const places = results.place_search_results;
      if (places.length === 0) throw new Error(`The search for ${businessName} in ${location} found nothing`);
      return { token, discoveryId: discovery.id as string, numbers: places.map((place) => place.phone_number) };
    }),
  );
  const calls: BenchCall[] = [];
  for (let index = 0; index < shape.calls; index++) {
    const owner = owners[index % shape.owners];
    const number = owner.numbers[Math.floor(index / shape.owners) % owner.numbers.length];
    const call = await apiRequest(base, 'POST', '/api/call-management/calls/', {
      token: owner.token,
      body: { business_discovery: owner.discoveryId, to_number: number },
    });
    calls.push({ id: call.id, token: owner.token });
  }
  return calls;
}

const isSettled = (call: { status: string; analysis: unknown }) =>
  call.status === 'failed' || call.status === 'canceled' || (call.status === 'completed' && call.analysis !== null);

/** Places every call and waits until each has ended and, when completed, been analysed; answers each call's final status. */
async function placeAndSettle(base: string, calls: BenchCall[], timeoutMs: number): Promise<Map<string, string>> {
  await Promise.all(calls.map((call) => apiRequest(base, 'POST', `/api/call-management/calls/${call.id}/place_call/`, { token: call.token })));
  const final = new Map<string, string>();
  const deadline = Date.now() + timeoutMs;
  while (final.size < calls.length) {
    if (Date.now() > deadline) throw new Error(`${calls.length - final.size} calls did not end within ${timeoutMs} ms`);
    await sleep(500);
    for (const call of calls) {
      if (final.has(call.id)) continue;
      const view = await apiRequest(base, 'GET', `/api/call-management/calls/${call.id}/`, { token: call.token });
      if (isSettled(view)) final.set(call.id, view.status);
    }
  }
  return final;
}

interface Outcome {
  owner: number[];
  preview: number[];
  /** The same delays split: of events committed in the burst of placing every call at once, and after it. */
  burst: number[];
  after: number[];
  complete: number;
  pushes: number;
}

/** Events committed this long after the calls were placed (all at once) count as the placement burst. */
const BURST_MS = 1000;

/**
 * Delay of every push from the commit of the event behind it. A follower in the full room sees every
 * event of its call: each push covers the events since the one before (several events of one runner
 * batch arrive as one push), and each of them counts from its own commit. A preview push is sent only
 * when the preview changes, so it counts from the event at its position. A follower got every push
 * when it has every position its room's other followers got and, signed in, the call's last event.
 */
function analyse(reports: FollowerReport[], streams: Map<string, RecordedEvent[]>, final: Map<string, string>, burstEndsAt: number): Outcome {
  const outcome: Outcome = { owner: [], preview: [], burst: [], after: [], complete: 0, pushes: 0 };
  const split = (delay: number, committedAt: number) => (committedAt < burstEndsAt ? outcome.burst : outcome.after).push(delay);
  const roomPositions = new Map<string, Set<number>>();
  const live = (follower: FollowerReport) => follower.pushes.filter(([position]) => position > follower.since).sort((a, b) => a[0] - b[0]);
  for (const follower of reports) {
    const key = `${follower.callId}|${follower.token}`;
    const positions = roomPositions.get(key) ?? new Set<number>();
    for (const [position] of live(follower)) positions.add(position);
    roomPositions.set(key, positions);
  }
  for (const follower of reports) {
    const events = streams.get(follower.callId) ?? [];
    const occurredAt = new Map(events.map((event) => [event.position, Date.parse(event.metadata.occurredAt)]));
    const pushes = live(follower);
    outcome.pushes += pushes.length;
    let previous = follower.since;
    for (const [position, arrivedAt] of pushes) {
      if (follower.token) {
        for (const event of events) {
          if (event.position > previous && event.position <= position) {
            const committedAt = Date.parse(event.metadata.occurredAt);
            outcome.owner.push(arrivedAt - committedAt);
            split(arrivedAt - committedAt, committedAt);
          }
        }
      } else if (occurredAt.has(position)) {
        const committedAt = occurredAt.get(position)!;
        outcome.preview.push(arrivedAt - committedAt);
        split(arrivedAt - committedAt, committedAt);
      }
      previous = position;
    }
    const got = new Set(pushes.map(([position]) => position));
    const everyRoomPush = [...roomPositions.get(`${follower.callId}|${follower.token}`)!].every((position) => got.has(position));
    const last = pushes[pushes.length - 1];
    const endsRight = follower.token ? last?.[0] === events[events.length - 1]?.position : last?.[2] === final.get(follower.callId);
    if (everyRoomPush && endsRight && !follower.disconnected) outcome.complete++;
  }
  return outcome;
}

/**
 * Live push at scale: the built server in its own process, `calls` calls recorded through the API
 * (signed-up owners, discovery searches), each followed by `followersPerCall` Socket.IO clients in one
 * or two other processes (half as the signed-in owner, half as visitors on the preview), then every
 * call placed on the sandbox and run to its analysis. Prints the delay from each event's commit (its
 * `occurredAt`, stamped just before the append) to each follower's receipt, whether every follower got
 * every push, and the server's memory per connected socket.
 */
export async function benchSockets(options: Partial<BenchOptions> = {}): Promise<void> {
  const shape = options.quick ? QUICK : FULL;
  const followerCount = shape.calls * shape.followersPerCall;
  const dataDir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-sockets-'));
  let server: ServerChild | undefined;
  const clients: FollowerProcess[] = [];
  try {
    server = await startServerChild(dataDir, { SANDBOX_TIME_SCALE: shape.timeScale, SANDBOX_RECORDING_SPEECH: 'off' });
    const calls = await recordCalls(server.base, shape);

    const specs: FollowerSpec[][] = Array.from({ length: shape.clientProcesses }, () => []);
    let slot = 0;
    for (let k = 0; k < shape.followersPerCall; k++) {
      const keepsPushes = k === 0 || k === shape.ownerFollowersPerCall;
      for (const call of calls) specs[slot++ % shape.clientProcesses].push({ callId: call.id, token: k < shape.ownerFollowersPerCall ? call.token : null, keepsPushes });
    }
    await sleep(1000);
    const rssBefore = server.rssBytes();
    const connectStarted = performance.now();
    clients.push(...specs.map(() => new FollowerProcess()));
    const connected = await Promise.all(clients.map((client, index) => client.connect(server!.base, specs[index])));
    const connectMs = performance.now() - connectStarted;
    const connectedCount = connected.reduce((sum, result) => sum + result.connected, 0);
    const failures = connected.flatMap((result) => result.failures);
    if (connectedCount === 0) throw new Error(`No follower connected: ${failures.join('; ')}`);
    await sleep(1000);
    const rssConnected = server.rssBytes();

    const placedAt = Date.now();
    const final = await placeAndSettle(server.base, calls, options.quick ? 60_000 : 180_000);
    await sleep(1000);
    const reports = (await Promise.all(clients.map((client) => client.report()))).flatMap((answer) => answer.followers);
    await Promise.all(clients.map((client) => client.close()));
    await server.stop();

    const store = SqliteEventStore.open(dataDir);
    const streams = new Map<string, RecordedEvent[]>();
    try {
      // The events the calls read model applies: only they are pushed to a call's room (not its report's).
      for (const call of calls) streams.set(call.id, (await store.readStream(`call-${call.id}`)).filter((event) => callsProjection.handles.includes(event.type)));
    } finally {
      await store.close();
    }
    const outcome = analyse(reports, streams, final, placedAt + BURST_MS);
    const all = summarize([...outcome.owner, ...outcome.preview]);
    const owner = summarize(outcome.owner);
    const preview = summarize(outcome.preview);
    const events = [...streams.values()].reduce((sum, stream) => sum + stream.length, 0);
    const label = `${followerCount.toLocaleString('en-US')} followers`;

    report(
      `sockets: connect ${label}`,
      `${connectedCount}/${followerCount} connected and subscribed in ${(connectMs / 1000).toFixed(1)} s${failures.length ? ` (first failure: ${failures[0]})` : ''}`,
    );
    report(
      `sockets: event commit -> push, ${label}`,
      `p50 ${ms(all.p50)}, p99 ${ms(all.p99)}, max ${ms(all.max)} (${all.count} deliveries of ${events} events on ${shape.calls} calls)`,
      'p99 < 50 ms',
      all.p99 < 50,
    );
    // The floor: the same pushes, at the same moments and of the same sizes, to the same followers, from a bare Socket.IO server.
    const floorDelays = await bareFloor(specs, pushesToReplay(reports, streams), BURST_MS);
    const floor = summarize([...floorDelays.burst, ...floorDelays.after]);
    report(
      'sockets: floor, bare Socket.IO sending the same pushes',
      `p50 ${ms(floor.p50)}, p99 ${ms(floor.p99)}, max ${ms(floor.max)} (${floor.count} deliveries); the product's p99 is ${(all.p99 / floor.p99).toFixed(1)}x the floor's`,
    );
    report('sockets:   signed-in owners (full room)', `p50 ${ms(owner.p50)}, p99 ${ms(owner.p99)} (${owner.count} deliveries)`);
    report('sockets:   visitors (preview room)', `p50 ${ms(preview.p50)}, p99 ${ms(preview.p99)} (${preview.count} deliveries)`);
    // Placing every call in the same instant makes a burst: each call's first events at once, to all its
    // followers, about three deliveries in ten. Its queue (in the followers' processes too, as the floor
    // shows) is what the p99 of all of them measures; the split tells it from the steady stream after it.
    const parts: [label: string, product: number[], bare: number[]][] = [
      [`in the first ${seconds(BURST_MS)} of placing ${shape.calls} calls at once`, outcome.burst, floorDelays.burst],
      ['after it', outcome.after, floorDelays.after],
    ];
    for (const [label, product, bare] of parts) {
      const mine = summarize(product);
      const theirs = summarize(bare);
      report(
        `sockets:   events ${label}`,
        `p50 ${ms(mine.p50)}, p99 ${ms(mine.p99)} (${mine.count} deliveries); the floor p50 ${ms(theirs.p50)}, p99 ${ms(theirs.p99)} (${theirs.count})`,
      );
    }
    const sizes = reports.flatMap((follower) => (follower.sizes ?? []).map(([, bytes]) => bytes));
    const mean = sizes.reduce((sum, bytes) => sum + bytes, 0) / Math.max(1, sizes.length);
    report(
      'sockets: push size (a call followed with patches, as the web app does)',
      `mean ${Math.round(mean).toLocaleString('en-US')} B, largest ${Math.max(0, ...sizes).toLocaleString('en-US')} B (${sizes.length} pushes)`,
    );
    report('sockets: followers that got every push', `${outcome.complete}/${followerCount} (${outcome.pushes} pushes received)`, 'all', outcome.complete === followerCount);
    const perSocket = (rssConnected - rssBefore) / connectedCount;
    report(
      'sockets: server memory per connected socket',
      `${(perSocket / 1024).toFixed(1)} KB (RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB -> ${(rssConnected / 2 ** 20).toFixed(0)} MB with ${connectedCount} sockets)`,
    );
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
