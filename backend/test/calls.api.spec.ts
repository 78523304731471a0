import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { encodeWav } from '../src/calls/adapters/sandbox';
import { readMp3Frames } from '../src/calls/recording/mp3-frames';
import type { EventStore } from '@ringcheck/projections';
import { EVENT_STORE } from '../src/infrastructure/storage';
import { eventually } from './eventually';
import { HIGH_LIMITS } from './high-limits';
import { completedDiscovery, settledCall } from './settled';
import { type TestApp, type TestVisitor, newVisitor, startTestApp, urlOf, signUpIn } from './test-app';

const FAST = { SANDBOX_TIME_SCALE: '0.01' };

describe('calls API', () => {
  let t: TestApp;
  let parent: string;
  let visitorA: TestVisitor;
  beforeAll(async () => {
    // In a hidden folder, as DATA_DIR=~/.ringcheck would be: recordings are still served from it.
    parent = mkdtempSync(join(tmpdir(), 'ringcheck-test-'));
    t = await startTestApp({ ...FAST, ...HIGH_LIMITS, DATA_DIR: join(parent, '.ringcheck') });
    visitorA = await newVisitor(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(parent, { recursive: true, force: true });
  });

  const post = (path: string, body: object, as: TestVisitor = visitorA, headers: Record<string, string> = {}) => as.post(path, body).set(headers);
  const get = (path: string, as: TestVisitor = visitorA, headers: Record<string, string> = {}) => as.get(path).set(headers);

  async function discovery(business_name = 'Pizza Palace', location = 'New York, NY') {
    const created = await post('/api/discoveries/', { business_name, location });
    return completedDiscovery(get, created.body.id);
  }

  const finished = (callId: string, as?: TestVisitor, headers?: Record<string, string>) => settledCall((path) => get(path, as, headers), callId);

  async function signUp() {
    return signUpIn(await newVisitor(t.app));
  }

  it('places a secret-shopper call and gives a signed-out visitor the preview only', async () => {
    const disc = await discovery();
    const res = await post('/api/call-management/secret-shopper-call/', { discovery_id: disc.id, place_result_id: disc.place_search_results[0].id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.stringMatching(/^call_/), call_id: res.body.id, business_name: 'Pizza Palace', sandbox: true });
    expect(['queued', 'in_progress']).toContain(res.body.status);

    const call = await finished(res.body.id);
    expect(call.status).toBe('completed');
    expect(Object.keys(call.analysis).sort()).toEqual(['access', 'attempts_before_pickup', 'connection_status', 'first_call_success']);
    expect(call.transcript).toBeUndefined();
    expect(call.twilio_sid).toBeUndefined();
    expect(JSON.stringify(call)).not.toMatch(/time_to_answer|recording_url|during_business_hours/);
    expect((await get(`/api/call-management/calls/${call.id}/recording/`)).status).toBe(403);
  });

  it('gives the signed-in owner the full analysis and the recording, after linking the visitor', async () => {
    const visitor = await newVisitor(t.app);
    const res = await post('/api/call-management/mock-test-call/', {}, visitor);
    const preview = await finished(res.body.id, visitor);
    expect(preview.analysis.connection_status).toBe('answered');

    const owner = await signUp();
    const auth = { Authorization: `Bearer ${owner.token}` };
    const link = await post('/api/users/link-anonymous/', { anon_id: visitor.anonId, conversion_source: 'signup' }, visitor, auth);
    expect(link.body).toMatchObject({ success: true, already_linked: false, new_data_migrated: true, migration_stats: { calls: 1 } });

    const full = (await get(`/api/call-management/calls/${res.body.id}/`, visitor, auth)).body;
    expect(full.access).toBe('full');
    expect(full.user).toBe(owner.userId);
    expect(full.analysis).toMatchObject({
      connection_status: 'answered',
      attempts_before_pickup: 1,
      first_call_success: true,
      rings_before_pickup: expect.any(Number),
      time_to_answer: expect.any(Number),
      time_to_first_ring: expect.any(Number),
      recording_url: `/api/call-management/calls/${res.body.id}/recording/`,
    });
    expect(full.analysis.during_business_hours).toBe(true);
    expect(full.analysis.transcript.length).toBeGreaterThan(3);
    expect(full.analysis.report.overallScore).toEqual(expect.any(Number));
    expect(full.analysis.report.recommendations).toEqual(expect.any(Array));

    const recording = await get(full.analysis.recording_url, visitor, auth).buffer(true);
    expect(recording.status).toBe(200);
    expect(recording.headers['content-type']).toBe('audio/mpeg');
    expect(recording.headers['accept-ranges']).toBe('bytes');
    const stream = readMp3Frames(recording.body);
    expect(stream).toMatchObject({ sampleRate: 8000, channels: 1, bitratesKbps: [8] });
    expect(Math.abs(stream.durationMs - full.duration_ms)).toBeLessThan(full.duration_ms * 0.02);
    expect(recording.body.length / (full.duration_ms / 60_000)).toBeLessThanOrEqual(100_000);
    const partial = await get(full.analysis.recording_url, visitor, { ...auth, Range: 'bytes=100-299' }).buffer(true);
    expect(partial.status).toBe(206);
    expect(partial.headers['content-type']).toBe('audio/mpeg');
    expect(partial.headers['content-range']).toBe(`bytes 100-299/${recording.body.length}`);
    expect(partial.body.equals(recording.body.subarray(100, 300))).toBe(true);

    const stranger = await signUp();
    const strangerBrowser = await newVisitor(t.app);
    const strangers = (await get(`/api/call-management/calls/${res.body.id}/`, strangerBrowser, { Authorization: `Bearer ${stranger.token}` })).body;
    expect(strangers.access).toBe('preview');
    expect((await get(full.analysis.recording_url, strangerBrowser, { Authorization: `Bearer ${stranger.token}` })).status).toBe(403);
  });

  /** A signed-in owner's mock test call, once analysed: the owner's browser, its Authorization header and the call. */
  async function ownedSettledCall() {
    const visitor = await newVisitor(t.app);
    const owner = await signUpIn(visitor);
    const auth = { Authorization: `Bearer ${owner.token}` };
    const placed = await post('/api/call-management/mock-test-call/', {}, visitor, auth);
    return { visitor, auth, call: await finished(placed.body.id, visitor, auth) };
  }

  it('still serves a recording an earlier version stored as WAV, with range requests', async () => {
    const { visitor, auth, call } = await ownedSettledCall();
    const recordings = join(t.config.dataDir, 'recordings');
    rmSync(join(recordings, `${call.id}.mp3`));
    const wav = encodeWav([Float32Array.from({ length: 8000 }, (_, index) => Math.sin(index / 4) * 0.3)], 8000);
    writeFileSync(join(recordings, `${call.id}.wav`), wav);

    const whole = await get(call.analysis.recording_url, visitor, auth).buffer(true);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.body.equals(wav)).toBe(true);
    const partial = await get(call.analysis.recording_url, visitor, { ...auth, Range: 'bytes=0-43' }).buffer(true);
    expect(partial.status).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 0-43/${wav.length}`);
    expect(partial.body.equals(wav.subarray(0, 44))).toBe(true);

    rmSync(join(recordings, `${call.id}.wav`));
    expect((await get(call.analysis.recording_url, visitor, auth)).status).toBe(404);
  });

  it('still gives the owner the report of a call analysed before reports had an event of their own', async () => {
    const { visitor, auth, call: current } = await ownedSettledCall();
    // The same call as an earlier version recorded it: one CallAnalyzed (schema version 1) holding the report.
    const store = t.app.get<EventStore>(EVENT_STORE);
    const events = await store.readStream(`call-${current.id}`);
    const report = events.find((event) => event.type === 'CallReportWritten')!.data as { report: { overallScore: number } };
    const legacyId = `call_${randomUUID()}`;
    const legacy = events
      .filter((event) => event.type !== 'CallReportWritten')
      .map((event) => {
        const data: Record<string, unknown> = { ...(event.data as Record<string, unknown>), callId: legacyId };
        if (event.type !== 'CallAnalyzed') return { id: randomUUID(), type: event.type, data, metadata: event.metadata };
        const { overallScore: _score, ...figures } = data.analysis as Record<string, unknown>;
        return { id: randomUUID(), type: event.type, data: { ...data, analysis: { ...figures, report: report.report } }, metadata: { ...event.metadata, schemaVersion: 1 } };
      });
    // Through the adapter itself, as that version wrote them: the store stamps what it appends with the current version.
    await (store as unknown as { inner: EventStore }).inner.appendToStream(`call-${legacyId}`, legacy);

    const view = await eventually(
      'the call recorded the old way to be read',
      async () => (await get(`/api/call-management/calls/${legacyId}/`, visitor, auth)).body,
      { until: (body) => body.analysis !== undefined && body.analysis !== null },
    );
    expect(view.analysis.report).toEqual(report.report);
    expect(view.analysis.overall_score).toBe(report.report.overallScore);
    expect({ ...view, id: current.id, call_id: current.id, analysis: { ...view.analysis, recording_url: null } }).toMatchObject({
      status: current.status,
      analysis: { ...current.analysis, recording_url: null },
    });
  });

  it('creates a call, then places it on request', async () => {
    const disc = await discovery();
    const toNumber = disc.place_search_results[0].phone_number;
    const created = await post('/api/call-management/calls/', { business_discovery: disc.id, to_number: toNumber });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('queued');
    await new Promise((r) => setTimeout(r, 50));
    expect((await get(`/api/call-management/calls/${created.body.id}/`)).body.status).toBe('queued');
    const placed = await post(`/api/call-management/calls/${created.body.id}/place_call/`, {});
    expect(placed.status).toBe(200);
    expect(['completed', 'failed']).toContain((await finished(created.body.id)).status);
    expect((await post('/api/call-management/calls/', { business_discovery: disc.id, to_number: '(212) 555-0199' })).body.fields).toHaveProperty('to_number');
  });

  it('cancels a live call once; only its owner may', async () => {
    const res = await post('/api/call-management/mock-test-call/', {});
    expect(res.body.viewer_is_owner).toBe(true);
    const other = await newVisitor(t.app);
    expect((await get(`/api/call-management/calls/${res.body.id}/`, other)).body.viewer_is_owner).toBe(false);
    expect((await post(`/api/call-management/calls/${res.body.id}/cancel_call/`, {}, other)).status).toBe(403);
    // Knowing the owner's id is not being the owner.
    expect((await post(`/api/call-management/calls/${res.body.id}/cancel_call/`, {}, other, { 'X-Anonymous-ID': visitorA.anonId })).status).toBe(403);
    const canceled = await post(`/api/call-management/calls/${res.body.id}/cancel_call/`, {});
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('canceled');
    expect((await post(`/api/call-management/calls/${res.body.id}/cancel_call/`, {})).status).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect((await get(`/api/call-management/calls/${res.body.id}/`)).body).toMatchObject({ status: 'canceled', analysis: null });
  });

  it('answers the spec errors for bad call requests', async () => {
    const missing = await post('/api/call-management/secret-shopper-call/', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields.discovery_id).toEqual(['Discovery ID is missing']);
    expect((await post('/api/call-management/secret-shopper-call/', { discovery_id: 'nope' })).body.detail).toMatch(/Invalid UUID format/);
    expect((await post('/api/call-management/initiate-realtime/', { discovery_id: `disc_${randomUUID()}` })).status).toBe(404);
    const { token } = await signUp();
    const signedIn = { Authorization: `Bearer ${token}` };
    expect((await post('/api/call-management/test-call/', { phone_number: '555-01' }, visitorA, signedIn)).body.fields).toHaveProperty('phone_number');
    expect((await get(`/api/call-management/calls/${randomUUID()}/`)).status).toBe(404);
    expect((await get('/api/call-management/calls/disc_0b6c9f3e-1234-4abc-8def-0123456789ab/')).status).toBe(400);
  });

  it('keeps test calls to any number for signed-in users', async () => {
    const res = await post('/api/call-management/test-call/', { phone_number: '(212) 555-0142' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: 'authentication_required',
      detail: 'Test calls to any phone number are for signed-in users.',
      user_message: 'Sign in or create a free account to call any phone number.',
      signup_required: true,
    });
  });

  it('fails a test call to a number the sandbox network does not reach, with a clear message', async () => {
    const signedIn = { Authorization: `Bearer ${(await signUp()).token}` };
    const res = await post('/api/call-management/test-call/', { phone_number: '(999) 555-0100' }, visitorA, signedIn);
    expect(res.status).toBe(201);
    const call = await finished(res.body.id, visitorA, signedIn);
    expect(call.status).toBe('failed');
    expect(call.error_message).toMatch(/not on the sandbox phone network/);
  });

  it('lists the caller’s calls in either order, and by place search result', async () => {
    const visitor = await newVisitor(t.app);
    const first = await post('/api/call-management/mock-test-call/', {}, visitor);
    const second = await post('/api/call-management/mock-test-call/', {}, visitor);
    const newest = await get('/api/call-management/calls/?ordering=-created_at', visitor);
    expect(newest.body.results.map((c: { id: string }) => c.id)).toEqual([second.body.id, first.body.id]);
    const oldest = await get('/api/call-management/calls/?ordering=created_at', visitor);
    expect(oldest.body.results.map((c: { id: string }) => c.id)).toEqual([first.body.id, second.body.id]);
    expect((await get('/api/call-management/calls/?ordering=name')).status).toBe(400);
    const other = await newVisitor(t.app);
    expect((await get('/api/call-management/calls/', other)).body.count).toBe(0);
    expect((await get('/api/call-management/calls/', other, { 'X-Anonymous-ID': visitor.anonId })).body.count).toBe(0);

    const disc = await discovery("Joe's Plumbing", 'Springfield, IL');
    const placeId = disc.place_search_results[0].id;
    const call = await post('/api/call-management/secret-shopper-call/', { discovery_id: disc.id, place_result_id: placeId });
    const byPlace = await get(`/api/calls/?place_search_result=${placeId}`);
    expect(byPlace.body.results.map((c: { id: string }) => c.id)).toEqual([call.body.id]);
  });

  it('pushes the live call to a visitor’s socket as the preview, never the transcript', async () => {
    const socket = io(await urlOf(t.app), {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      auth: { anonId: visitorA.anonId },
      extraHeaders: { Cookie: visitorA.cookie },
    });
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const res = await post('/api/call-management/mock-test-call/', {});
      const messages: Array<{ document: Record<string, unknown> }> = [];
      const done = new Promise<void>((resolve) =>
        socket.on('update', (message: { document: { status: string; analysis: unknown } }) => {
          messages.push(message as never);
          if (message.document.status === 'completed' && message.document.analysis) resolve();
        }),
      );
      await socket.emitWithAck('subscribe', { room: `call:${res.body.id}`, lastPosition: 0 });
      await done;
      expect(messages.length).toBeGreaterThan(1);
      for (const message of messages) {
        expect(message.document.access).toBe('preview');
        expect(message.document.transcript).toBeUndefined();
        expect(message.document.timeline).toBeUndefined();
        expect(message.document.ring_count).toBeUndefined();
      }
      const phases = messages.map((m) => m.document.phase);
      expect(phases).toContain('done');
      expect(phases).not.toContain('ringing');
      // Nothing is pushed to the preview that it did not change: no ring or line of speech can be timed.
      const bodies = messages.map((m) => JSON.stringify(m.document));
      expect(new Set(bodies).size).toBe(bodies.length);
    } finally {
      socket.close();
    }
  });
});
