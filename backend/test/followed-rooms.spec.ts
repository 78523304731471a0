import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestingModuleBuilder } from '@nestjs/testing';
import type { Collection, ReadStore } from '@ringcheck/projections';
import { Client as PgClient } from 'pg';
import { createReadStore } from '../src/infrastructure/read-store';
import { READ_STORE } from '../src/infrastructure/storage';
import { eventually } from './eventually';
import { freePort } from './free-port';
import { startServerProcess } from './server-process';
import { connect } from './socket-client';
import { type TestApp, newVisitor, startTestApp } from './test-app';

const { POSTGRES_URL, MONGODB_URI, REDIS_URL } = process.env;

interface Update {
  room: string;
  position: number;
  document?: { visitCount?: number } | null;
}

const VISIT = { fingerprint: 'fp-followed', screen_resolution: '1280x800', timezone: 'UTC', language: 'en' };

/** While `ms` is above 0, each write to the visitors' read model waits that long first. */
const held = { ms: 0 };
const WRITES = new Set(['insertOne', 'replaceOne', 'updateOne', 'bulkWrite']);

/** The read store the node would open, its visitor documents written only after `held.ms`. */
async function holdingVisitorWrites(mongodbUri: string, mongodbDb: string): Promise<ReadStore> {
  const store = await createReadStore({ mongodbUri, mongodbDb, dataDir: '' });
  const holding = (collection: Collection) =>
    new Proxy(collection, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof property !== 'string' || !WRITES.has(property) || typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          if (held.ms > 0) await new Promise((resolve) => setTimeout(resolve, held.ms));
          return value.apply(target, args);
        };
      },
    });
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'collection') return Reflect.get(target, property, receiver);
      return (name: string) => (name.startsWith('anonymous_visitors') ? holding(target.collection(name)) : target.collection(name));
    },
  });
}

const roleOf = async (url: string) => ((await (await fetch(`${url}/api/health`)).json()) as { projections?: { role?: string } }).projections?.role;

/**
 * Two nodes sharing the event store, the read store and Redis: the leading one here, the other a process
 * of its own. A room nobody follows is left out of the pushes; a subscription marks its room and then
 * reads what the log already holds once it is written, so a change pushed to nobody just before the mark
 * still reaches the new follower, by its replay.
 */
(POSTGRES_URL && MONGODB_URI && REDIS_URL ? describe : describe.skip)('pushes only to followed rooms, two nodes on shared stores', () => {
  const database = `rc_followed_${process.pid}`;
  let admin: PgClient;
  let leader: TestApp;
  let other: ChildProcess | undefined;
  let otherUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    admin = new PgClient({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    dataDir = mkdtempSync(join(tmpdir(), 'ringcheck-followed-'));
    const shared = {
      EVENT_STORE_URL: POSTGRES_URL!.replace(/\/[^/]*$/, `/${database}`),
      MONGODB_URI: MONGODB_URI!,
      MONGODB_DB: database,
      REDIS_URL: REDIS_URL!,
      VISITOR_PROOF_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_PER_MINUTE: '100000',
      DATA_DIR: dataDir,
    };
    leader = await startTestApp(shared, {
      override: (module: TestingModuleBuilder) => module.overrideProvider(READ_STORE).useFactory({ factory: () => holdingVisitorWrites(MONGODB_URI!, database) }),
    });
    const port = await freePort();
    other = await startServerProcess(port, shared);
    otherUrl = `http://127.0.0.1:${port}`;
  }, 60_000);

  afterAll(async () => {
    other?.kill('SIGKILL');
    await leader?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives a visitor who subscribes on the other node, between a change and its write, the new state', async () => {
    expect(await roleOf(otherUrl)).toBe('following');
    const visitor = await newVisitor(otherUrl);
    await eventually('the first visit applied', async () => (await visitor.get('/api/health')).body.projections?.lag === 0);
    const socket = await connect(otherUrl, { visitor });
    try {
      const room = `anonymous:${visitor.anonId}`;
      const received: Update[] = [];
      socket.on('update', (update: Update) => received.push(update));
      held.ms = 1_500;
      // The visit answers once its document is written.
      const visited = visitor.post('/api/analytics/track-user/', VISIT).then((res) => res);
      // Meanwhile the leading node applied it and pushed it to nobody.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await socket.emitWithAck('subscribe', { room, lastPosition: 0 })).ok).toBe(true);
      expect((await visited).status).toBe(200);
      await eventually('the second visit', () => received.some((update) => update.room === room && update.document?.visitCount === 2), { timeoutMs: 5_000 });
    } finally {
      held.ms = 0;
      socket.close();
    }
  }, 30_000);
});
