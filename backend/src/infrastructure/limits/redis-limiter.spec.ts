import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimits } from '../http/rate-limits';
import { type LimiterFactory, redisLimiterFactory } from './limiter';

const url = process.env.REDIS_URL;

/** A node of the cluster: its own connection to the shared Redis. */
function connect(target: string): Redis {
  return new Redis(target, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
}

if (url) {
  describe('limits counted in Redis, shared by several nodes', () => {
    const clients: Redis[] = [];
    let nodes: LimiterFactory[];

    beforeEach(async () => {
      const connected = [connect(url), connect(url), connect(url)];
      await Promise.all(connected.map((client) => client.connect()));
      clients.push(...connected);
      nodes = connected.map((client) => redisLimiterFactory(client));
    });

    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.quit()));
    });

    it('gives a key spending on three nodes in turn the ceiling it has on one', async () => {
      const name = `shared-${randomUUID()}`;
      const limiters = nodes.map((node) => node({ name, points: 5, windowSeconds: 60 }));
      const spends = [];
      for (let index = 0; index < 12; index += 1) spends.push(await limiters[index % 3]!.spend('ip:192.0.2.7'));
      expect(spends.map((spend) => spend.allowed)).toEqual([...Array(5).fill(true), ...Array(7).fill(false)]);
      expect(spends[11]).toMatchObject({ limit: 5, spent: 12, remaining: 0 });
      expect(spends[11]!.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    });

    it('counts concurrent spends from every node exactly', async () => {
      const name = `burst-${randomUUID()}`;
      const limiters = nodes.map((node) => node({ name, points: 20, windowSeconds: 60 }));
      const spends = await Promise.all(Array.from({ length: 60 }, (_, index) => limiters[index % 3]!.spend('user:u1')));
      expect(spends.filter((spend) => spend.allowed)).toHaveLength(20);
    });

    it('peeks, refunds and resets the shared count from any node', async () => {
      const name = `ops-${randomUUID()}`;
      const [a, b, c] = nodes.map((node) => node({ name, points: 2, windowSeconds: 60 }));
      await a!.spend('k');
      expect(await b!.peek('k')).toMatchObject({ spent: 1, remaining: 1 });
      await b!.refund('k');
      expect(await c!.peek('k')).toMatchObject({ spent: 0, remaining: 2 });
      await c!.spend('k');
      await c!.spend('k');
      expect(await a!.spend('k')).toMatchObject({ allowed: false });
      await a!.reset('k');
      expect(await b!.spend('k')).toMatchObject({ allowed: true, spent: 1 });
    });

    it('opens a new window for every node once the window ends', async () => {
      const name = `window-${randomUUID()}`;
      const [a, b] = nodes.map((node) => node({ name, points: 1, windowSeconds: 1 }));
      await a!.spend('k');
      expect(await b!.spend('k')).toMatchObject({ allowed: false });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await b!.spend('k')).toMatchObject({ allowed: true });
    });

    it('holds the API rate limit across nodes: a client spreading requests gets the per-minute ceiling once', async () => {
      const perMinute = { general: 6, searches: 3, calls: 2 };
      const limits = nodes.map((node) => new RateLimits(perMinute, node));
      const keys = [{ kind: 'anonymous' as const, key: `anonymous:anon_${randomUUID()}` }, { kind: 'ip' as const, key: `ip:${randomUUID()}` }];
      const outcomes = [];
      for (let index = 0; index < 9; index += 1) outcomes.push(await limits[index % 3]!.hit('general', keys));
      expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(6);
      expect(outcomes.at(-1)).toMatchObject({ allowed: false, refusedBy: ['anonymous', 'ip'] });
    });
  });
} else {
  const reason = 'REDIS_URL not set: skipping the shared (Redis) limiter suite';
  console.warn(reason);
  describe.skip(reason, () => {
    it('counts limits in Redis across nodes', () => undefined);
  });
}

describe('limits counted in Redis while Redis cannot be reached', () => {
  it('still refuses past the limit, counting in the node’s own memory', async () => {
    const client = connect('redis://127.0.0.1:1');
    client.on('error', () => undefined);
    try {
      const limiter = redisLimiterFactory(client)({ name: `down-${randomUUID()}`, points: 2, windowSeconds: 60 });
      const spends = [];
      for (let index = 0; index < 3; index += 1) spends.push((await limiter.spend('k')).allowed);
      expect(spends).toEqual([true, true, false]);
    } finally {
      client.disconnect();
    }
  });
});
