import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '@ringcheck/projections';
import { io } from 'socket.io-client';
import { EVENT_STORE } from '../src/infrastructure/storage';
import { eventually } from './eventually';
import { HIGH_LIMITS } from './high-limits';
import { type TestApp, type TestVisitor, newVisitor, startTestApp, urlOf } from './test-app';

describe('discoveries API', () => {
  let t: TestApp;
  let visitorA: TestVisitor;
  beforeAll(async () => {
    t = await startTestApp(HIGH_LIMITS);
    visitorA = await newVisitor(t.app);
  });
  afterAll(() => t.close());

  const create = (body: unknown, visitor = visitorA) => visitor.post('/api/discoveries/', body as object);

  const settled = (id: string) =>
    eventually(`discovery ${id} to complete or fail`, async () => (await t.agent.get(`/api/discoveries/${id}/status/`)).body, {
      until: (status) => status.status === 'completed' || status.status === 'failed',
    });

  it('creates a discovery, searches in the background and serves every result field', async () => {
    const res = await create({ business_name: '  Pizza Palace ', location: ' New York, NY  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.stringMatching(/^disc_[0-9a-f-]{36}$/), business_name: 'Pizza Palace', location: 'New York, NY' });
    expect(['pending', 'in_progress', 'completed']).toContain(res.body.status);
    expect(res.body.status_display).toEqual(expect.any(String));

    expect(await settled(res.body.id)).toMatchObject({ status: 'completed', status_display: 'Completed' });
    const results = await t.agent.get(`/api/discoveries/${res.body.id}/results/`);
    expect(results.status).toBe(200);
    const places = results.body.place_search_results;
    expect(places.length).toBeGreaterThan(0);
    expect(places[0].name).toBe('Pizza Palace');
    for (const place of places) {
      expect(place).toMatchObject({
        id: expect.stringMatching(/^plsr_[0-9a-f-]{36}$/),
        name: expect.any(String),
        address: expect.any(String),
        business_types: expect.any(Array),
      });
      expect(place).toHaveProperty('phone_number');
      expect(place).toHaveProperty('website');
      expect(place).toHaveProperty('rating');
      expect(place).toHaveProperty('rating_count');
      expect(place).toHaveProperty('business_status');
      expect(place).toHaveProperty('hours');
      if (place.phone_number) expect(place.phone_number).toMatch(/555-01\d\d/);
      if (place.hours) expect(place.hours.weekday_text).toHaveLength(7);
    }
  });

  it('answers validation errors per the spec, naming the field', async () => {
    const cases: Array<[object, string, string]> = [
      [{ location: 'Austin, TX' }, 'business_name', 'Business name is required'],
      [{ business_name: '   ', location: 'Austin, TX' }, 'business_name', 'Business name is required'],
      [{ business_name: 'Joe', location: '' }, 'location', 'Required'],
      [{ business_name: 'Joe' }, 'location', 'Required'],
      [{ business_name: 'Joe', location: '  a ' }, 'location', 'At least 2 characters required'],
      [{ business_name: 42, location: 'Austin' }, 'business_name', 'Business name must be text'],
      [{ business_name: 'x'.repeat(201), location: 'Austin' }, 'business_name', 'Business name must be at most 200 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toEqual([message]);
    }
    const unknown = await create({ business_name: 'Joe', location: 'Austin', radius: 5 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toHaveProperty('radius');
  });

  it('fails a search whose location cannot be understood, with a reason the UI can show', async () => {
    const res = await create({ business_name: 'Plumber', location: 'Qwxzz Vvrrkk' });
    const status = await settled(res.body.id);
    expect(status).toMatchObject({ status: 'failed', failure_reason: 'location_unclear', error: 'The location is too broad or unclear.' });
    const results = await t.agent.get(`/api/discoveries/${res.body.id}/results/`);
    expect(results.body.place_search_results).toEqual([]);
  });

  it('completes with no results when nothing fits', async () => {
    const res = await create({ business_name: 'Zzyzx Quantum Bagpipes', location: 'Austin, TX' });
    expect(await settled(res.body.id)).toMatchObject({ status: 'completed', results_count: 0 });
  });

  it('rejects malformed ids and answers 404 for unknown ones', async () => {
    expect((await t.agent.get('/api/discoveries/not-a-uuid/status/')).body).toMatchObject({ detail: expect.stringContaining('Invalid UUID format') });
    const wrongPrefix = await t.agent.get(`/api/discoveries/call_${randomUUID()}/results/`);
    expect(wrongPrefix.status).toBe(400);
    expect(wrongPrefix.body.detail).toMatch(/prefix mismatch/i);
    expect((await t.agent.get(`/api/discoveries/disc_${randomUUID()}/status/`)).status).toBe(404);
  });

  it('lists only the caller’s own discoveries, filtered by status', async () => {
    const visitorB = await newVisitor(t.app);
    const mine = await create({ business_name: "Joe's Plumbing", location: 'Chicago, IL' }, visitorB);
    await settled(mine.body.id);
    const list = await visitorB.get('/api/discoveries/?status=completed');
    expect(list.status).toBe(200);
    expect(list.body.results.map((d: { id: string }) => d.id)).toEqual([mine.body.id]);
    const other = await newVisitor(t.app);
    expect((await other.get('/api/discoveries/?status=completed')).body).toEqual({ count: 0, results: [] });
    // Naming B's id is not being B.
    const named = await other.get('/api/discoveries/?status=completed').set('X-Anonymous-ID', visitorB.anonId);
    expect(named.body).toEqual({ count: 0, results: [] });
    expect((await visitorB.get('/api/discoveries/?status=done')).status).toBe(400);
  });

  it('pushes each status change to the discovery room', async () => {
    const socket = io(await urlOf(t.app), { path: '/socket.io', transports: ['websocket'], forceNew: true });
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const statuses: string[] = [];
      const owners: unknown[] = [];
      const done = new Promise<void>((resolve) =>
        socket.on('update', (message: { document: { status: string; ownerId?: unknown } }) => {
          statuses.push(message.document.status);
          owners.push(message.document.ownerId);
          if (message.document.status === 'completed') resolve();
        }),
      );
      const id = `disc_${randomUUID()}`;
      // Subscribe first, then record the request directly so no change can be missed.
      await socket.emitWithAck('subscribe', { room: `discovery:${id}`, lastPosition: 0 });
      const store = t.app.get<EventStore>(EVENT_STORE);
      await store.appendToStream(`discovery-${id}`, [
        {
          id: randomUUID(),
          type: 'DiscoveryRequested',
          data: { discoveryId: id, businessName: 'Dentist', location: 'Austin, TX', ownerId: `anon_${randomUUID()}` },
          metadata: { correlationId: 'test', occurredAt: new Date().toISOString(), schemaVersion: 1 },
        },
      ]);
      const { DiscoverySearchWorker } = await import('../src/discovery/worker/discovery-search.worker');
      t.app.get(DiscoverySearchWorker).enqueue({ discoveryId: id, businessName: 'Dentist', location: 'Austin, TX', correlationId: 'test' });
      await done;
      // Changes landing in one projection batch arrive as their latest state: order is kept, none reversed.
      const order = ['pending', 'in_progress', 'completed'];
      expect(statuses.at(-1)).toBe('completed');
      expect(statuses.map((s) => order.indexOf(s))).toEqual([...statuses.map((s) => order.indexOf(s))].sort());
      // The room is public by id: it never says who searched.
      expect(owners.every((owner) => owner === undefined)).toBe(true);
    } finally {
      socket.close();
    }
  });
});

describe('discoveries after a restart', () => {
  it('resumes a search the previous process left unfinished', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ringcheck-resume-'));
    const first = await startTestApp({ DATA_DIR: dataDir }, { keepData: true });
    const id = `disc_${randomUUID()}`;
    await first.app.get<EventStore>(EVENT_STORE).appendToStream(`discovery-${id}`, [
      {
        id: randomUUID(),
        type: 'DiscoveryRequested',
        data: { discoveryId: id, businessName: 'Pizza Palace', location: 'New York, NY', ownerId: null },
        metadata: { correlationId: 'test', occurredAt: new Date().toISOString(), schemaVersion: 1 },
      },
    ]);
    await first.close();

    const second = await startTestApp({ DATA_DIR: dataDir });
    try {
      await eventually(`discovery ${id} to complete after the restart`, async () => (await second.agent.get(`/api/discoveries/${id}/status/`)).body.status === 'completed');
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
