import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  callsProjection,
  type EventStore,
  type NewEvent,
  type ProjectionRunner,
  READ_MODELS_STREAM,
  rebuildRequest,
} from '@ringcheck/projections';
import { createReadStore } from '../src/infrastructure/read-store';
import { EVENT_STORE, PROJECTION_RUNNER } from '../src/infrastructure/storage';
import { eventually } from './eventually';
import { HIGH_LIMITS } from './high-limits';
import { settledCall } from './settled';
import { connect } from './socket-client';
import { newVisitor, signUpIn, startTestApp, type TestApp, urlOf } from './test-app';

/** Copies of a call's stream under a new call id and owner, as many owners' history would hold. */
async function cloneCalls(events: EventStore, callId: string, ownerId: string, copies: number): Promise<void> {
  const original = await events.readStream(`call-${callId}`);
  const text = JSON.stringify(original.map(({ id: _id, type, data, metadata }) => ({ type, data, metadata })));
  for (let copy = 0; copy < copies; copy += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, copies - copy) }, () => {
        const clone = `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
        const owner = `user_${randomUUID()}`;
        const cloned = JSON.parse(text.replaceAll(callId, clone).replaceAll(ownerId, owner)) as Omit<NewEvent, 'id'>[];
        return events.appendToStream(`call-${clone}`, cloned.map((event) => ({ ...event, id: randomUUID() })));
      }),
    );
  }
}

describe('rebuilding a read model while the server serves', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ SANDBOX_TIME_SCALE: '0.01', ...HIGH_LIMITS });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps answering from the complete live model, then switches to the rebuilt one in one step', async () => {
    const visitor = await newVisitor(t.app);
    const { auth, userId } = await signUpIn(visitor);
    const placed: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await visitor.post('/api/call-management/mock-test-call/', {}).set(auth);
      expect(res.status).toBe(201);
      placed.push(res.body.id);
      await settledCall((path) => visitor.get(path).set(auth), res.body.id);
    }
    const events = t.app.get<EventStore>(EVENT_STORE);
    const runner = t.app.get<ProjectionRunner>(PROJECTION_RUNNER);
    await cloneCalls(events, placed[0], userId, 3000);
    const { position: clonedUpTo } = await events.appendToStream(`probe-${randomUUID()}`, [
      { id: randomUUID(), type: 'Probe', data: {}, metadata: { correlationId: 'probe', occurredAt: new Date().toISOString(), schemaVersion: 1 } },
    ]);
    await runner.waitForPosition(clonedUpTo, 30_000);

    const list = async () => (await visitor.get('/api/call-management/calls/?ordering=-created_at').set(auth)).body.results;
    const expected = await list();
    expect(expected.map((call: { id: string }) => call.id).sort()).toEqual([...placed].sort());
    const before = (await runner.status()).find((row) => row.name === callsProjection.name)!;
    expect(before.documents).toBe(3002);

    // Watched every turn of the event loop: the rebuild may take less time than a few requests.
    let sawRebuilding = false;
    const watcher = setInterval(() => (sawRebuilding ||= runner.rebuilding().includes(callsProjection.name)), 1);
    let readsDuringRebuild = 0;
    let after: Awaited<ReturnType<ProjectionRunner['status']>>[number];
    try {
      await events.appendToStream(READ_MODELS_STREAM, [rebuildRequest(callsProjection.name, 'test')]);
      after = await eventually(
        'the rebuilt calls read model to be switched in',
        async () => {
          const during = runner.rebuilding().includes(callsProjection.name);
          expect(await list()).toEqual(expected);
          const report = await visitor.get(`/api/call-management/calls/${placed[1]}/`).set(auth);
          expect(report.status).toBe(200);
          if (during && runner.rebuilding().includes(callsProjection.name)) readsDuringRebuild += 1;
          return (await runner.status()).find((row) => row.name === callsProjection.name)!;
        },
        { until: (row) => row.collection !== before.collection, timeoutMs: 60_000, everyMs: 0 },
      );
    } finally {
      clearInterval(watcher);
    }
    expect(sawRebuilding).toBe(true);
    expect(readsDuringRebuild).toBeGreaterThan(0);
    expect(after.documents).toBe(3002);
    expect(await list()).toEqual(expected);
    const next = await visitor.post('/api/call-management/mock-test-call/', {}).set(auth);
    await settledCall((path) => visitor.get(path).set(auth), next.body.id);
    expect((await list()).map((call: { id: string }) => call.id)).toContain(next.body.id);
  }, 120_000);
});

describe('a new version of the calls read model, built beside serving after an upgrade', () => {
  it("answers a call's page from the call's own events meanwhile, the same as before; lists wait for the build", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ringcheck-upgrade-'));
    const env = { DATA_DIR: dataDir, SANDBOX_TIME_SCALE: '0.01', ...HIGH_LIMITS };
    const first = await startTestApp(env, { keepData: true });
    const path = (id: string) => `/api/call-management/calls/${id}/`;
    let callId: string;
    let auth: { Authorization: string };
    let fullBefore: unknown;
    let previewBefore: unknown;
    try {
      const visitor = await newVisitor(first.app);
      const signedUp = await signUpIn(visitor);
      auth = signedUp.auth;
      callId = (await visitor.post('/api/call-management/mock-test-call/', {}).set(auth)).body.id;
      fullBefore = await settledCall((url) => visitor.get(url).set(auth), callId);
      previewBefore = (await (await newVisitor(first.app)).get(path(callId))).body;
      // Enough other calls that the build takes many turns of the event loop.
      const events = first.app.get<EventStore>(EVENT_STORE);
      await cloneCalls(events, callId, signedUp.userId, 1000);
      await first.app.get<ProjectionRunner>(PROJECTION_RUNNER).waitForPosition(await events.headPosition(), 30_000);
    } finally {
      await first.close();
    }
    // As an earlier release left it: its calls read model is of another version, so this one builds its own.
    const reads = await createReadStore({ dataDir });
    await reads.collection('projection_checkpoints').updateOne({ _id: callsProjection.name }, { $set: { version: callsProjection.version - 1 } });
    await reads.close();

    const second = await startTestApp(env);
    try {
      const runner = second.app.get<ProjectionRunner>(PROJECTION_RUNNER);
      const owner = await newVisitor(second.app);
      const stranger = await newVisitor(second.app);
      expect(runner.isBuilt(callsProjection)).toBe(false);
      const full = await owner.get(path(callId)).set(auth);
      const preview = await stranger.get(path(callId));
      const unknown = await owner.get(path(`call_${randomUUID()}`)).set(auth);
      const list = await owner.get('/api/call-management/calls/').set(auth);
      const socket = await connect(await urlOf(second.app), { token: auth.Authorization.slice('Bearer '.length) });
      const subscribed = await socket.timeout(5000).emitWithAck('subscribe', { room: `call:${callId}`, lastPosition: 0 });
      // Every answer above was given while the build went on.
      expect(runner.isBuilt(callsProjection)).toBe(false);
      expect(full.status).toBe(200);
      expect(full.body).toEqual(fullBefore);
      expect(preview.status).toBe(200);
      expect(preview.body).toEqual(previewBefore);
      expect(unknown.status).toBe(404);
      expect(list.status).toBe(503);
      // Followed from now on; what it holds is read again (above), as the build has nothing to replay yet.
      expect(subscribed).toMatchObject({ ok: true, resync: true });
      socket.close();

      await runner.whenBuilt(callsProjection);
      expect((await owner.get(path(callId)).set(auth)).body).toEqual(fullBefore);
      const listed = await owner.get('/api/call-management/calls/').set(auth);
      expect(listed.status).toBe(200);
      expect(listed.body.count).toBe(1);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
