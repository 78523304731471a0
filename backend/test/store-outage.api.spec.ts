import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import type { EventStore } from '@ringcheck/projections';
import { callStream } from '../src/calls/domain/call.decider';
import { discoveryDecider, discoveryStream } from '../src/discovery/domain/discovery.decider';
import { DiscoverySearchWorker } from '../src/discovery/worker/discovery-search.worker';
import { executeCommand, systemContext } from '../src/infrastructure/event-sourcing';
import { newId } from '../src/infrastructure/ids';
import { READ_MODELS_FILE } from '../src/infrastructure/read-store';
import { EVENT_STORE } from '../src/infrastructure/storage';
import { eventually } from './eventually';
import { FerretDbServer, ferretDbBinary } from './ferretdb-server';
import { settledCall } from './settled';
import { type TestApp, type TestVisitor, newVisitor, startTestApp } from './test-app';

const OUTAGE_TIMEOUT_MS = 60_000;
const LOCK_HELD_MS = 5_000;

const EVENT_STORE_DOWN = {
  error: 'service_unavailable',
  detail: 'The event store is unavailable.',
  user_message: "We're having trouble saving your request right now. Please try again in a minute.",
};

/** Another process's view of a SQLite file: holding its write lock makes it unwritable for the app. */
function holdWriteLock(file: string): { release(): void } {
  const db = new Database(file, { timeout: 2000 });
  db.exec('BEGIN EXCLUSIVE');
  return {
    release() {
      db.exec('ROLLBACK');
      db.close();
    },
  };
}

const track = (visitor: TestVisitor) =>
  visitor.post('/api/analytics/track-user/', { fingerprint: 'fp-outage', screen_resolution: '1920x1080', timezone: 'America/New_York', language: 'en-US' });
const search = (visitor: TestVisitor, businessName = 'Pizza Palace') =>
  visitor.post('/api/discoveries/', { business_name: businessName, location: 'New York, NY' });
const healthOf = (t: TestApp) => t.agent.get('/api/health');

describe('store outage on the embedded adapters', () => {
  let t: TestApp;
  let visitor: TestVisitor;
  beforeAll(async () => {
    t = await startTestApp({ SANDBOX_TIME_SCALE: '0.1' });
    visitor = await newVisitor(t.app);
  });
  afterAll(() => t.close());

  it(
    'events.db locked by another process: health names the event store, commands answer 503, and everything resumes once it is free',
    async () => {
      const events = t.app.get<EventStore>(EVENT_STORE);
      // Background work the outage will catch mid-way: a requested search not run yet, and a call being placed.
      const pendingId = newId('disc_');
      await executeCommand(
        events,
        discoveryStream(pendingId),
        discoveryDecider,
        { type: 'RequestDiscovery', discoveryId: pendingId, businessName: 'Pizza Palace', location: 'New York, NY', ownerId: visitor.anonId },
        systemContext('outage-test'),
      );
      const call = await visitor.post('/api/call-management/mock-test-call/', {});
      expect(call.status).toBe(201);

      const lock = holdWriteLock(join(t.config.dataDir, 'events.db'));
      const lockedAt = Date.now();
      let releasedAt: string;
      try {
        const worker = t.app.get(DiscoverySearchWorker);
        worker.enqueue({ discoveryId: pendingId, businessName: 'Pizza Palace', location: 'New York, NY', correlationId: 'outage-test' });

        const [health, discovery, tracked] = await Promise.all([healthOf(t), search(visitor), track(visitor)]);
        expect(health.status).toBe(503);
        expect(health.body.status).toBe('down');
        expect(health.body.ports.event_store).toMatchObject({ state: 'down', detail: expect.stringContaining('database is locked') });
        expect(health.body.ports.read_store.state).toBe('up');
        expect(discovery.status).toBe(503);
        expect(discovery.headers['retry-after']).toBe('30');
        expect(discovery.body).toEqual(EVENT_STORE_DOWN);
        expect(tracked.status).toBe(503);
        expect(tracked.body).toEqual(EVENT_STORE_DOWN);
        // Long enough for the call's next report to give up waiting for the lock (3 s) while it is still held.
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, lockedAt + LOCK_HELD_MS - Date.now())));
      } finally {
        releasedAt = new Date().toISOString();
        lock.release();
      }

      const health = await healthOf(t);
      expect(health.status).toBe(200);
      expect(health.body.ports.event_store.state).toBe('up');

      const discovery = await search(visitor);
      expect(discovery.status).toBe(201);
      expect(discovery.body).toMatchObject({ business_name: 'Pizza Palace' });
      expect((await track(visitor)).status).toBe(200);

      // The search the worker started during the outage finished, and the read model shows it.
      await t.app.get(DiscoverySearchWorker).idle();
      await eventually('the pending search to complete', async () => (await visitor.get(`/api/discoveries/${pendingId}/status/`)).body, {
        until: (status) => status.status === 'completed',
        timeoutMs: 20_000,
      });

      // The call's reports waited for the store and were recorded after it came back; the call ended normally.
      const finished = await settledCall((path) => visitor.get(path), call.body.id);
      expect(finished.status).toBe('completed');
      const history = await events.readStream(callStream(call.body.id));
      expect(history.some((event) => event.metadata.occurredAt >= releasedAt)).toBe(true);
      expect(history.map((event) => event.type)).not.toContain('CallFailed');
    },
    OUTAGE_TIMEOUT_MS,
  );

  it(
    'read-models.db locked: health names the read store, reads go on, a request waiting for the read model answers 503, and the read model catches up once free',
    async () => {
      const earlier = await search(visitor, 'Pizza Palace');
      expect(earlier.status).toBe(201);
      const file = join(t.config.dataDir, READ_MODELS_FILE);
      const lock = holdWriteLock(file);
      const events = t.app.get<EventStore>(EVENT_STORE);
      const headBefore = await events.headPosition();
      try {
        // The search is recorded, but its read model cannot be written: the answer says so, and when to retry.
        const refused = await search(visitor, 'Sunrise Plumbing');
        expect(refused.status).toBe(503);
        expect(refused.body).toMatchObject({ error: 'service_unavailable' });
        expect(refused.headers['retry-after']).toBeDefined();
        // What the read model holds is still read: the file is only locked for writing.
        expect((await visitor.get(`/api/discoveries/${earlier.body.id}/status/`)).status).toBe(200);
        const health = await healthOf(t);
        expect(health.status).toBe(503);
        expect(health.body.ports.read_store).toMatchObject({ state: 'down', detail: expect.stringContaining('database is locked') });
        expect(health.body.ports.event_store.state).toBe('up');
      } finally {
        lock.release();
      }

      expect((await healthOf(t)).status).toBe(200);
      const recorded = (await events.readAll({ fromPosition: headBefore })).find(
        (event) => event.type === 'DiscoveryRequested' && (event.data as { businessName?: string }).businessName === 'Sunrise Plumbing',
      );
      expect(recorded).toBeDefined();
      const discoveryId = (recorded!.data as { discoveryId: string }).discoveryId;
      await eventually('the search recorded during the lock to reach the read model', async () => (await visitor.get(`/api/discoveries/${discoveryId}/status/`)).status, {
        until: (status) => status === 200,
        timeoutMs: 20_000,
        // Probing every 10 ms met the status route's rate limit (429) whenever the catch-up took a second or two.
        everyMs: 250,
      });
    },
    OUTAGE_TIMEOUT_MS,
  );
});

const ferretDb = ferretDbBinary();
const mongoSkipReason = !process.env.MONGODB_URI
  ? 'MONGODB_URI not set: skipping the MongoDB store-outage test'
  : !ferretDb
    ? 'No FerretDB binary (FERRETDB_BIN or $GOPATH/bin/ferretdb, built by .ci/ferretdb.sh): skipping the MongoDB store-outage test'
    : null;

if (mongoSkipReason) {
  console.warn(mongoSkipReason);
  describe.skip(mongoSkipReason, () => {
    it('stops and restarts a MongoDB server under the app', () => undefined);
  });
} else {
  describe('store outage on MongoDB (FerretDB)', () => {
    let dataDir: string;
    let server: FerretDbServer;
    let t: TestApp;
    let visitor: TestVisitor;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'ringcheck-ferretdb-'));
      server = await FerretDbServer.start(ferretDb!, dataDir);
      t = await startTestApp({ MONGODB_URI: server.uri, MONGODB_DB: 'ringcheck_outage' });
      visitor = await newVisitor(t.app);
    }, OUTAGE_TIMEOUT_MS);
    afterAll(async () => {
      await t?.close();
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it(
      'server stopped: health names the read store, a command answers 503 within seconds, and the read models catch up once it is back',
      async () => {
        await server.stop();
        let duringId: string;
        try {
          const health = await healthOf(t);
          expect(health.status).toBe(503);
          expect(health.body.ports.read_store.state).toBe('down');
          expect(health.body.ports.event_store.state).toBe('up');

          const started = Date.now();
          const refused = await search(visitor, 'Harbor Dental');
          expect(Date.now() - started).toBeLessThan(10_000);
          expect(refused.status).toBe(503);
          expect(refused.headers['retry-after']).toBe('30');
          expect(refused.body).toEqual({
            error: 'service_unavailable',
            detail: 'The read store is unavailable.',
            user_message: "We're having trouble loading this right now. Please try again in a minute.",
          });
          // The request itself was recorded in the event store before the read model was waited for.
          const requested = (await t.app.get<EventStore>(EVENT_STORE).readAll()).filter((event) => event.type === 'DiscoveryRequested');
          duringId = (requested.at(-1)!.data as { discoveryId: string }).discoveryId;
        } finally {
          await server.start();
        }

        await eventually('health to recover', async () => (await healthOf(t)).status === 200, { timeoutMs: 20_000 });
        const after = await search(visitor, 'Harbor Dental');
        expect(after.status).toBe(201);
        // What was written during the outage reached the read models too.
        const listed = await eventually(
          'both discoveries in the read model',
          async () => ((await visitor.get('/api/discoveries/')).body.results ?? []).map((d: { id: string }) => d.id) as string[],
          { until: (ids) => ids.includes(duringId) && ids.includes(after.body.id), timeoutMs: 20_000 },
        );
        expect(listed).toEqual(expect.arrayContaining([duringId, after.body.id]));
      },
      OUTAGE_TIMEOUT_MS,
    );
  });
}
