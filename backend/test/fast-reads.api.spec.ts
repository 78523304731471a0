import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { callReportsProjection, type ProjectionRunner } from '@ringcheck/projections';
import { CallFastReads } from '../src/calls/api/call-fast-reads';
import { CallReadModels } from '../src/calls/queries/call-read-models';
import { PROJECTION_RUNNER } from '../src/infrastructure/storage';
import { eventually } from './eventually';
import { HIGH_LIMITS } from './high-limits';
import { settledCall } from './settled';
import { type SignedUp, type TestApp, type TestVisitor, newVisitor, signUpIn, startTestApp } from './test-app';

/** Headers that differ between any two answers, or belong to the connection. */
const VARYING = new Set(['date', 'ratelimit-remaining', 'connection', 'keep-alive']);
/** Headers whose values may differ between two answers a moment apart: only their form is compared. */
const SHAPED: Record<string, (value: string) => string> = {
  'ratelimit-reset': (value) => value.replace(/^\d+$/, '<seconds>'),
  'x-ratelimit-reset': (value) => value.replace(/^\d+$/, '<seconds>'),
};
const newCookieValue = (cookie: string) => cookie.replace(/^csrftoken=[\w-]+;/, 'csrftoken=<new token>;');

interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

const answerOf = (res: request.Response): Answer => ({
  status: res.status,
  headers: Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => !VARYING.has(name))
      .map(([name, value]) => [name, name === 'set-cookie' ? [value].flat().map(newCookieValue) : (SHAPED[name]?.(value) ?? value)]),
  ),
  body: res.text ?? '',
});

/**
 * The call report and the call list are answered ahead of the framework. Every request here is sent
 * twice, to the server (where fast reads answer first) and to the framework alone (the Express app,
 * which never sees the fast reads), and must get the same answer either way.
 */
/** On the embedded read store, and on MongoDB (FerretDB) where MONGODB_URI names one. */
const STORES: [string, Record<string, string>][] = [
  ['embedded', {}],
  ...(process.env.MONGODB_URI ? [['MongoDB', { MONGODB_URI: process.env.MONGODB_URI, MONGODB_DB: `ringcheck_fast_reads_${randomUUID().slice(0, 8)}` }] as [string, Record<string, string>]] : []),
];

describe.each(STORES)('fast reads on the %s read store', (_store, storeEnv) => {
  let t: TestApp;
  let owner: TestVisitor;
  let account: SignedUp;
  let stranger: TestVisitor;
  let framework: Express;
  let callIds: string[];
  let fastAnswers: () => Promise<number>;

  beforeAll(async () => {
    t = await startTestApp({ SANDBOX_TIME_SCALE: '0.01', ...HIGH_LIMITS, ...storeEnv });
    // A new database over an empty log has nothing to build: its read models are read at once.
    expect((await t.agent.get('/api/health')).body.projections.rebuilding).toEqual([]);
    framework = t.app.getHttpAdapter().getInstance();
    owner = await newVisitor(t.app);
    account = await signUpIn(owner);
    stranger = await newVisitor(t.app);
    callIds = [];
    for (let i = 0; i < 3; i++) {
      const placed = await owner.post('/api/call-management/mock-test-call/', {}).set(account.auth);
      callIds.push(placed.body.id);
      await settledCall((path) => owner.get(path).set(account.auth), placed.body.id);
    }
    const spies = t.app.get(CallFastReads).routes.map((route) => jest.spyOn(route, 'answer'));
    fastAnswers = async () => (await Promise.all(spies.flatMap((spy) => spy.mock.results.map((result) => result.value)))).filter(Boolean).length;
  });
  afterAll(() => t.close());

  const ownerHeaders = () => ({ Cookie: owner.cookie, 'X-Anonymous-ID': owner.anonId, ...account.auth });
  const strangerHeaders = () => ({ Cookie: stranger.cookie, 'X-Anonymous-ID': stranger.anonId });

  /** The answer of the server and that of the framework alone to one request; whether a fast read gave the first. */
  async function both(path: string, headers: Record<string, string>) {
    const before = await fastAnswers();
    const fast = await request(t.app.getHttpServer()).get(path).set(headers);
    const answered = (await fastAnswers()) > before;
    const slow = await request(framework).get(path).set(headers);
    return { fast: answerOf(fast), slow: answerOf(slow), answered, raw: fast };
  }

  const report = (id: string) => `/api/call-management/calls/${id}/`;
  const list = '/api/call-management/calls/';

  it.each([
    ['the owner’s report', () => report(callIds[0]), ownerHeaders, true],
    ['a stranger’s preview', () => report(callIds[0]), strangerHeaders, true],
    ['the owner’s browser signed out (the preview)', () => report(callIds[0]), () => ({ Cookie: owner.cookie, 'X-Anonymous-ID': owner.anonId }), true],
    ['the owner’s list', () => list, ownerHeaders, true],
    ['the list oldest first, one a page', () => `${list}?ordering=created_at&limit=1`, ownerHeaders, true],
    ['a stranger’s empty list', () => list, strangerHeaders, true],
    ['a browser without its CSRF cookie (the framework gives it one)', () => report(callIds[0]), () => ({}), false],
    ['a refused token', () => report(callIds[0]), () => ({ ...strangerHeaders(), Authorization: 'Bearer not-a-token' }), false],
    ['a malformed Authorization header', () => list, () => ({ ...strangerHeaders(), Authorization: 'Basic abc' }), false],
    ['an unknown call', () => report('call_00000000-0000-4000-8000-000000000000'), ownerHeaders, false],
    ['an id in capitals', () => report(callIds[0].toUpperCase().replace('CALL_', 'call_')), ownerHeaders, false],
    ['a report with a query', () => `${report(callIds[0])}?x=1`, ownerHeaders, false],
    ['a limit of 0', () => `${list}?limit=0`, ownerHeaders, false],
    ['a limit of 05', () => `${list}?limit=05`, ownerHeaders, false],
    ['a limit over 200', () => `${list}?limit=201`, ownerHeaders, false],
    ['an unknown ordering', () => `${list}?ordering=name`, ownerHeaders, false],
    ['a malformed place', () => `${list}?place_search_result=nope`, ownerHeaders, false],
    ['a malformed cursor', () => `${list}?cursor=nope`, ownerHeaders, false],
    ['a name given twice', () => `${list}?limit=1&limit=2`, ownerHeaders, false],
    ['an escaped value', () => `${list}?ordering=%2Dcreated_at`, ownerHeaders, false],
    ['an unknown name', () => `${list}?page=2`, ownerHeaders, false],
  ])('answers %s as the framework does', async (_name, path, headers, answeredFast) => {
    const { fast, slow, answered } = await both(path(), headers());
    expect(fast).toEqual(slow);
    expect(answered).toBe(answeredFast);
  });

  it.each([
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ])('answers Accept-Encoding %j compressed as the framework does', async (acceptEncoding, coding) => {
    for (const path of [report(callIds[0]), list]) {
      // The client decodes what it accepted: both answers are compared decoded, with the headers as sent.
      const both = await Promise.all(
        [t.app.getHttpServer(), framework].map((target) =>
          request(target)
            .get(path)
            .set({ ...ownerHeaders(), 'Accept-Encoding': acceptEncoding })
            .buffer(true)
            .parse((res, done) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => done(null, Buffer.concat(chunks)));
            }),
        ),
      );
      const [fast, slow] = both.map((res) => ({ ...answerOf(res), body: (res.body as Buffer).toString('base64') }));
      expect(fast).toEqual(slow);
      expect(fast.headers['content-encoding']).toBe(coding);
      expect(fast.headers.vary).toBe('Accept-Encoding');
      const json = Buffer.from(fast.body, 'base64');
      expect(JSON.parse(json.toString())).toEqual(expect.any(Object));
      const sentBytes = Number(fast.headers['content-length']);
      if (coding) expect(sentBytes).toBeLessThan(json.length / 3);
      else expect(sentBytes).toBe(json.length);
    }
  });

  it('pages the list with the cursor the framework gives', async () => {
    const first = await both(`${list}?limit=2`, ownerHeaders());
    const next = JSON.parse(first.fast.body).next as string;
    expect(next).toEqual(expect.any(String));
    const second = await both(`${list}?limit=2&cursor=${next}`, ownerHeaders());
    expect(second.fast).toEqual(second.slow);
    expect(second.answered).toBe(true);
    expect(JSON.parse(second.fast.body).results).toHaveLength(1);
  });

  it('answers 304 to the ETag it gave, with the framework’s headers', async () => {
    const first = await both(report(callIds[1]), ownerHeaders());
    const etag = String(first.fast.headers.etag);
    expect(etag).toMatch(/^W\//);
    const again = await both(report(callIds[1]), { ...ownerHeaders(), 'If-None-Match': etag });
    expect(again.fast.status).toBe(304);
    expect(again.fast).toEqual(again.slow);
    expect(again.answered).toBe(true);
  });

  it('renders a report and the list again once a call has changed', async () => {
    const listed = await both(list, ownerHeaders());
    const placed = await owner.post('/api/call-management/mock-test-call/', {}).set(account.auth);
    // The read model shows the new call once it has applied its first event (at once on the embedded store).
    const relisted = await eventually('the list to show the new call', () => both(list, ownerHeaders()), {
      until: (answers) => JSON.parse(answers.fast.body).count === JSON.parse(listed.fast.body).count + 1,
    });
    expect(relisted.answered).toBe(true);
    // Live, the call moves on between any two requests: only the final answers are compared.
    const live = await both(report(placed.body.id), ownerHeaders());
    expect(live.answered).toBe(true);
    const settled = await settledCall((path) => owner.get(path).set(account.auth), placed.body.id);
    const final = await both(report(placed.body.id), ownerHeaders());
    expect(final.answered).toBe(true);
    expect(final.fast).toEqual(final.slow);
    expect(final.fast.headers.etag).not.toBe(live.fast.headers.etag);
    expect(JSON.parse(final.fast.body)).toEqual(settled);
    const settledList = await both(list, ownerHeaders());
    expect(settledList.fast).toEqual(settledList.slow);
    expect(JSON.parse(settledList.fast.body).results[0].status).toBe(settled.status);
  });

  it('answers the owner the report kept apart from the call, with its score beside it', async () => {
    const { fast } = await both(report(callIds[0]), ownerHeaders());
    const { analysis } = JSON.parse(fast.body);
    expect(analysis.report).toEqual(expect.objectContaining({ summary: expect.any(String), recommendations: expect.any(Array) }));
    expect(analysis.overall_score).toBe(analysis.report.overallScore);
    const preview = JSON.parse((await both(report(callIds[0]), strangerHeaders())).fast.body);
    expect(preview.analysis).toEqual({ connection_status: expect.any(String), attempts_before_pickup: expect.any(Number), first_call_success: expect.any(Boolean), access: 'preview' });
  });

  it('answers an analysis whose report is not readable yet without it, and keeps nothing so rendered', async () => {
    // A call whose analysis no fast read has rendered yet: it settles as the framework alone reads it.
    const placed = await owner.post('/api/call-management/mock-test-call/', {}).set(account.auth);
    const callId: string = placed.body.id;
    await settledCall((path) => request(framework).get(path).set(ownerHeaders()), callId);
    // On the prototype: every module's reader of the calls read model meets the same instant.
    const reportOf = jest.spyOn(CallReadModels.prototype, 'reportOf').mockResolvedValue(null);
    let pending: Awaited<ReturnType<typeof both>>;
    try {
      pending = await both(report(callId), ownerHeaders());
      expect(pending.answered).toBe(true);
      expect(pending.fast).toEqual(pending.slow);
      expect(JSON.parse(pending.fast.body).analysis).toMatchObject({ access: 'full', report: null, overall_score: expect.any(Number) });
    } finally {
      reportOf.mockRestore();
    }
    const ready = await both(report(callId), ownerHeaders());
    expect(ready.answered).toBe(true);
    expect(JSON.parse(ready.fast.body).analysis.report).toEqual(expect.objectContaining({ overallScore: expect.any(Number) }));
    expect(ready.fast.headers.etag).not.toBe(pending.fast.headers.etag);
  });

  it('reads the report from the call’s own stream while its read model is behind', async () => {
    const placed = await owner.post('/api/call-management/mock-test-call/', {}).set(account.auth);
    const callId: string = placed.body.id;
    await settledCall((path) => request(framework).get(path).set(ownerHeaders()), callId);
    const runner = t.app.get<ProjectionRunner>(PROJECTION_RUNNER);
    const built = runner.isBuilt.bind(runner);
    const isBuilt = jest.spyOn(runner, 'isBuilt').mockImplementation((projection) => (projection === callReportsProjection ? false : built(projection)));
    try {
      const behind = await both(report(callId), ownerHeaders());
      expect(behind.answered).toBe(true);
      expect(behind.fast).toEqual(behind.slow);
      const { analysis } = JSON.parse(behind.fast.body);
      expect(analysis.report).toEqual(expect.objectContaining({ overallScore: analysis.overall_score }));
      expect(isBuilt).toHaveBeenCalledWith(callReportsProjection);
    } finally {
      isBuilt.mockRestore();
    }
  });

  it('keeps the list it rendered while another visitor’s calls change', async () => {
    const reads = jest.spyOn(t.app.get(CallReadModels), 'pageOwnedBy');
    try {
      const listed = await both(list, ownerHeaders());
      const rendered = reads.mock.calls.length;
      const placed = await stranger.post('/api/call-management/mock-test-call/', {});
      expect(placed.status).toBe(201);
      await settledCall((path) => stranger.get(path), placed.body.id);
      const again = await both(list, ownerHeaders());
      expect(again.fast).toEqual(listed.fast);
      expect(again.answered).toBe(true);
      // Rendered for the framework's answer only: the fast read answered from what it kept.
      expect(reads.mock.calls.length - rendered).toBe(_store === 'embedded' ? 1 : 2);
    } finally {
      reads.mockRestore();
    }
  });

  it('counts a request it answers once against the rate limit', async () => {
    const remaining = async () => Number((await both(list, strangerHeaders())).raw.headers['ratelimit-remaining']);
    const first = await remaining();
    // Between the two: the framework's copy of the first request.
    expect(await remaining()).toBe(first - 2);
  });
});

describe('fast reads past the rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '6' });
  });
  afterAll(() => t.close());

  it('refuse as the framework does', async () => {
    const visitor = await newVisitor(t.app);
    const headers = { Cookie: visitor.cookie, 'X-Anonymous-ID': visitor.anonId };
    const statuses: number[] = [];
    let fast: request.Response | undefined;
    while (statuses.length < 10) {
      fast = await request(t.app.getHttpServer()).get('/api/call-management/calls/').set(headers);
      statuses.push(fast.status);
      if (fast.status === 429) break;
    }
    expect(statuses.at(-1)).toBe(429);
    const slow = await request(t.app.getHttpAdapter().getInstance()).get('/api/call-management/calls/').set(headers);
    expect(slow.status).toBe(429);
    expect(fast!.body).toEqual(slow.body);
    expect(Object.keys(fast!.headers).sort()).toEqual(Object.keys(slow.headers).sort());
    expect(fast!.headers['retry-after']).toEqual(expect.stringMatching(/^\d+$/));
  });
});
