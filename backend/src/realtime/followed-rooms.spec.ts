import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { eventually } from '../../test/eventually';
import { FollowedRooms, type FollowedRoomsTimings } from './followed-rooms';

const url = process.env.REDIS_URL;
const TIMINGS: FollowedRoomsTimings = { ttlMs: 60_000, refreshMs: 10_000, retainMs: 30_000 };

(url ? describe : describe.skip)('rooms followed on some node, marked in Redis', () => {
  const clients: Redis[] = [];
  let clock = 1_000_000;
  const node = async (timings = TIMINGS) => {
    const client = new Redis(url!, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    clients.push(client);
    await client.connect();
    return new FollowedRooms(client, timings, () => clock);
  };
  const room = () => `call:${randomUUID()}`;

  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });

  it('tells the node pushing which rooms another node follows', async () => {
    const [pusher, follower] = await Promise.all([node(), node()]);
    const [followed, alone] = [room(), room()];
    expect(await follower.follow(followed)).toBe(true);
    expect(await pusher.followedOf([followed, alone, `${followed}!patches`])).toEqual(new Set([followed]));
  });

  it('answers a new mark once per room until it must be marked again', async () => {
    const follower = await node();
    const followed = room();
    expect(await follower.follow(followed)).toBe(true);
    clock += TIMINGS.ttlMs - TIMINGS.refreshMs - 1;
    expect(await follower.follow(followed)).toBe(false);
    clock += 1;
    expect(await follower.follow(followed)).toBe(true);
  });

  it('keeps a room marked through the recovery window after its last follower left, then lets it lapse', async () => {
    const ttlMs = 400;
    const short = { ttlMs, refreshMs: 100, retainMs: 1_000 };
    const [pusher, follower] = await Promise.all([node(short), node(short)]);
    const left = room();
    await follower.follow(left);
    // Its follower gone, refreshed within the window: still marked past the first mark's life.
    clock += 900;
    await follower.refresh([]);
    await new Promise((resolve) => setTimeout(resolve, ttlMs / 2));
    expect(await pusher.followedOf([left])).toEqual(new Set([left]));
    // Past the window the node stops marking it, and Redis lets the mark expire.
    clock += 200;
    await follower.refresh([]);
    await new Promise((resolve) => setTimeout(resolve, ttlMs + 50));
    expect(await pusher.followedOf([left])).toEqual(new Set());
    expect(await follower.follow(left)).toBe(true);
  });

  it('marks the rooms the node holds followers in at each refresh', async () => {
    const [pusher, follower] = await Promise.all([node(), node()]);
    const held = room();
    await follower.refresh([held]);
    expect(await pusher.followedOf([held])).toEqual(new Set([held]));
    expect(await follower.follow(held)).toBe(false);
  });

  it('counts every room as followed for two refreshes once Redis is back, and marks its rooms again at once', async () => {
    const [pusher, follower] = await Promise.all([node(), node()]);
    const [followed, alone] = [room(), room()];
    follower.start(() => [followed]);
    try {
      await follower.follow(followed);
      // Redis restarted empty: its marks are gone and both connections are cut.
      const admin = new Redis(url!);
      try {
        await admin.del(`ringcheck:followed:${followed}`);
        const reconnected = Promise.all(clients.map((client) => new Promise((resolve) => client.once('ready', resolve))));
        // Only these nodes' connections: other specs share this Redis.
        for (const client of clients) await admin.call('CLIENT', 'KILL', 'ID', String(await client.call('CLIENT', 'ID')));
        await reconnected;
        expect(await pusher.followedOf([followed, alone])).toEqual(new Set([followed, alone]));
        await eventually('the follower marked its room again', async () => (await admin.exists(`ringcheck:followed:${followed}`)) === 1);
        clock += TIMINGS.refreshMs * 2;
        expect(await pusher.followedOf([followed, alone])).toEqual(new Set([followed]));
      } finally {
        admin.disconnect();
      }
    } finally {
      follower.stop();
    }
  });

  it('counts every room as followed, and every mark as new, when Redis cannot answer', async () => {
    const client = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
    const cut = new FollowedRooms(client, TIMINGS, () => clock);
    const rooms = [room(), room()];
    expect(await cut.followedOf(rooms)).toEqual(new Set(rooms));
    expect(await cut.follow(rooms[0]!)).toBe(true);
    expect(await cut.follow(rooms[0]!)).toBe(true);
    client.disconnect();
  });
});
