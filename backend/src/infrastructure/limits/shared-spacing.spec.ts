import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RedisSpacing } from './shared-spacing';

const url = process.env.REDIS_URL;

if (url) {
  describe('turns spaced on one timeline in Redis, shared by several nodes', () => {
    const clients: Redis[] = [];
    const connect = async (target: string) => {
      const client = new Redis(target, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
      clients.push(client);
      await client.connect().catch(() => undefined);
      return client;
    };

    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.quit().catch(() => client.disconnect())));
    });

    it('gives concurrent reservations from three nodes one turn each, an interval apart', async () => {
      const key = `spacing-${randomUUID()}`;
      const nodes = await Promise.all([0, 1, 2].map(async () => new RedisSpacing(await connect(url), key)));
      const waits = await Promise.all(Array.from({ length: 9 }, (_, index) => nodes[index % 3]!.reserve(100)));
      const sorted = [...waits].sort((a, b) => a - b);
      sorted.forEach((wait, index) => {
        // Each was reserved a little later than the first, by Redis's clock.
        expect(wait).toBeLessThanOrEqual(index * 100);
        expect(wait).toBeGreaterThan(index * 100 - 100);
      });
    });

    it('spaces only its own turns while Redis is unreachable, and says so once', async () => {
      const warnings: string[] = [];
      const spacing = new RedisSpacing(await connect('redis://127.0.0.1:1'), `spacing-${randomUUID()}`, { warn: (message: string) => warnings.push(message) });
      expect(await spacing.reserve(100)).toBe(0);
      expect(await spacing.reserve(100)).toBe(0);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/spaced on this node only/);
    });
  });
} else {
  describe('RedisSpacing', () => {
    it.skip('REDIS_URL not set: skipping the shared spacing suite', () => undefined);
  });
}
