import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventStore, newEvent, type ReadStore } from '@ringcheck/projections';
import { VisitorConsentReader } from '../src/analytics/queries/visitor-consent.reader';
import { ForwarderCheckpoints } from '../src/analytics/segment/forwarder-checkpoint';
import { SegmentClient } from '../src/analytics/segment/segment-client';
import { SegmentForwarder } from '../src/analytics/segment/segment-forwarder';
import { createEventStore } from '../src/infrastructure/event-store';
import { createReadStore } from '../src/infrastructure/read-store';
import { eventually } from './eventually';
import { HIGH_LIMITS } from './high-limits';
import { newVisitor, startTestApp } from './test-app';

const WRITE_KEY = 'test_write_key_0123';

interface SegmentMessage {
  type: string;
  messageId: string;
  timestamp?: string;
  anonymousId?: string;
  userId?: string;
  previousId?: string;
  event?: string;
  name?: string;
  properties?: Record<string, unknown>;
  traits?: Record<string, unknown>;
  context?: Record<string, unknown>;
}

type Mode = 'ok' | 'error' | 'hang-up';

/**
 * A stand-in for Segment's tracking API on loopback: `POST /v1/batch` with the write key as the Basic
 * auth user and `{ batch, sentAt }`, answered 200 `{}`; or, by mode, 500 or a dropped connection.
 */
class SegmentStandIn {
  mode: Mode = 'ok';
  /** Every message taken (answered 200), in arrival order, repeats included. */
  readonly taken: SegmentMessage[] = [];
  readonly refused = { error: 0, hangUp: 0, unauthorized: 0, malformed: 0 };
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor() {
    this.server = createServer((request, response) => void this.handle(request, response));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    return `http://127.0.0.1:${address.port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  takenIds(): Set<string> {
    return new Set(this.taken.map((message) => message.messageId));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (this.mode === 'hang-up') {
      this.refused.hangUp += 1;
      request.socket.destroy();
      return;
    }
    if (this.mode === 'error') {
      this.refused.error += 1;
      response.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"internal"}');
      return;
    }
    const expectedAuth = `Basic ${Buffer.from(`${WRITE_KEY}:`).toString('base64')}`;
    if (request.method !== 'POST' || request.url !== '/v1/batch' || request.headers.authorization !== expectedAuth) {
      this.refused.unauthorized += 1;
      response.writeHead(401).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { batch?: SegmentMessage[]; sentAt?: string };
    const wellFormed =
      Array.isArray(body.batch) &&
      typeof body.sentAt === 'string' &&
      body.batch.every((m) => typeof m.messageId === 'string' && typeof m.type === 'string' && (m.userId || m.anonymousId || (m.type === 'alias' && m.previousId)));
    // Segment takes events of at most 32 KB and refuses the whole batch otherwise.
    if (!wellFormed || body.batch!.some((m) => Buffer.byteLength(JSON.stringify(m)) > 32 * 1024)) {
      this.refused.malformed += 1;
      response.writeHead(400).end('{"error":"malformed"}');
      return;
    }
    this.taken.push(...body.batch!);
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  }
}

const metadata = (actor: string) => ({ correlationId: randomUUID(), actor, occurredAt: new Date().toISOString() });

describe('Segment forwarder against a stand-in of Segment’s batch API', () => {
  let dir: string;
  let events: EventStore;
  let reads: ReadStore;
  let segment: SegmentStandIn;
  let host: string;
  const forwarders: SegmentForwarder[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-segment-'));
    events = await createEventStore({ dataDir: dir });
    reads = await createReadStore({ dataDir: dir });
    segment = new SegmentStandIn();
    host = await segment.listen();
  });

  afterEach(async () => {
    await Promise.all(forwarders.splice(0).map((forwarder) => forwarder.stop()));
    await segment.close();
    await reads.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const checkpoints = () => new ForwarderCheckpoints(reads, 'segment');
  /** A forwarder as the server runs it, with pauses shortened for the test. */
  const startForwarder = () => {
    const client = new SegmentClient({ writeKey: WRITE_KEY, host, httpRequestTimeoutMs: 500, maxRetries: 1, flushIntervalMs: 10 });
    const forwarder = new SegmentForwarder(
      {
        events,
        checkpoints: checkpoints(),
        segment: { deliver: (calls) => client.deliver(calls), close: () => client.close(1000) },
        consentedAsOf: (anonId, revision) => new VisitorConsentReader(events).consented(anonId, revision),
      },
      { pageSize: 25, idleMs: 10, retryDelayMs: 20, maxRetryDelayMs: 200 },
    );
    forwarders.push(forwarder);
    forwarder.start();
    return forwarder;
  };
  const stopForwarder = async (forwarder: SegmentForwarder) => {
    forwarders.splice(forwarders.indexOf(forwarder), 1);
    await forwarder.stop();
  };

  /** Records `count` analytics messages of one visitor (and unrelated events between them); answers their ids. */
  const recordMessages = async (count: number, subjectId = `anon_${randomUUID()}`): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      ids.push(id);
      const type = (['track', 'page', 'identify'] as const)[i % 3];
      await events.appendToStream(`analytics-${subjectId}`, [
        newEvent(
          {
            id,
            type: 'AnalyticsEventTracked',
            data: {
              subjectId,
              eventType: type,
              eventName: type === 'track' ? 'Business Search' : type === 'page' ? 'Home' : 'identify',
              eventData: type === 'identify' ? {} : { query: `query ${i}` },
              url: null,
              clientTimestamp: '2026-11-22T10:00:00.000Z',
              messageType: type,
              ...(type === 'identify' ? { traits: { firstName: 'Dana' } } : {}),
              ...(type === 'page' ? { page: { path: '/' }, campaign: { source: 'newsletter' } } : {}),
            },
          },
          metadata(subjectId),
        ),
      ]);
      if (i % 4 === 0) await events.appendToStream(`feature-flag-f${i}`, [newEvent({ id: randomUUID(), type: 'FeatureFlagDefined', data: { flagId: `flag_${i}`, name: `f${i}`, enabled: true, config: {} } }, metadata('system'))]);
    }
    return ids;
  };

  const checkpointReaches = async (position: number) =>
    eventually(`the checkpoint at ${position}`, () => checkpoints().load(), { until: (at) => at === position, timeoutMs: 15_000 });

  it('delivers every recorded message with our id as messageId, the subject as the Segment identity, and advances its checkpoint', async () => {
    const visitor = `anon_${randomUUID()}`;
    const ids = await recordMessages(30, visitor);
    const userIds = await recordMessages(3, 'user_0b6c9f3e-1234-4abc-8def-0123456789ab');
    // An event recorded before consent was enforced (no messageType) stays here.
    const legacy = randomUUID();
    await events.appendToStream(`analytics-${visitor}`, [
      newEvent({ id: legacy, type: 'AnalyticsEventTracked', data: { subjectId: visitor, eventType: 'track', eventName: 'Old', eventData: {}, url: null, clientTimestamp: null } }, metadata(visitor)),
    ]);
    startForwarder();
    await checkpointReaches(await events.headPosition());

    expect(segment.takenIds()).toEqual(new Set([...ids, ...userIds]));
    expect(segment.refused).toEqual({ error: 0, hangUp: 0, unauthorized: 0, malformed: 0 });
    const byId = new Map(segment.taken.map((m) => [m.messageId, m]));
    expect(byId.get(ids[0])).toMatchObject({ type: 'track', anonymousId: visitor, event: 'Business Search', properties: { query: 'query 0' }, timestamp: '2026-11-22T10:00:00.000Z' });
    expect(byId.get(ids[1])).toMatchObject({ type: 'page', anonymousId: visitor, name: 'Home', context: expect.objectContaining({ campaign: { source: 'newsletter' }, page: { path: '/' } }) });
    expect(byId.get(ids[2])).toMatchObject({ type: 'identify', anonymousId: visitor, traits: { firstName: 'Dana' } });
    expect(byId.get(userIds[0])).toMatchObject({ userId: 'user_0b6c9f3e-1234-4abc-8def-0123456789ab' });
    expect(byId.has(legacy)).toBe(false);
  });

  it('turns a visitor-to-account link into an alias, only when the visitor had consented by then', async () => {
    const link = async (consent: boolean | null) => {
      const anonId = `anon_${randomUUID()}`;
      const stream = `anonymous-${anonId}`;
      const visit = { anonId, fingerprintHash: null, screenResolution: null, timezone: null, language: null, referrer: null, gdprConsent: null, userAgent: null };
      await events.appendToStream(stream, [newEvent({ id: randomUUID(), type: 'VisitorTracked', data: visit }, metadata(anonId))]);
      if (consent !== null) await events.appendToStream(stream, [newEvent({ id: randomUUID(), type: 'GdprConsentRecorded', data: { anonId, consent } }, metadata(anonId))]);
      const id = randomUUID();
      await events.appendToStream(stream, [newEvent({ id, type: 'AnonymousVisitorLinked', data: { anonId, userId: `user_${randomUUID()}`, conversionSource: 'signup' } }, metadata(anonId))]);
      // Consent given after the link does not reach back to it.
      if (consent === null) await events.appendToStream(stream, [newEvent({ id: randomUUID(), type: 'GdprConsentRecorded', data: { anonId, consent: true } }, metadata(anonId))]);
      return { id, anonId };
    };
    const consented = await link(true);
    const declined = await link(false);
    const undecided = await link(null);
    startForwarder();
    await checkpointReaches(await events.headPosition());
    expect(segment.taken).toEqual([expect.objectContaining({ type: 'alias', messageId: consented.id, previousId: consented.anonId, userId: expect.stringMatching(/^user_/) })]);
    expect(segment.takenIds().has(declined.id) || segment.takenIds().has(undecided.id)).toBe(false);
  });

  it('keeps its checkpoint through 500s and dropped connections, loses nothing, and resumes from it after a restart', async () => {
    const first = await recordMessages(20);
    let forwarder = startForwarder();
    await checkpointReaches(await events.headPosition());
    const delivered = await checkpoints().load();

    segment.mode = 'error';
    const duringErrors = await recordMessages(15);
    await eventually('Segment answering 500 to retries', () => segment.refused.error >= 4);
    expect(await checkpoints().load()).toBe(delivered);

    segment.mode = 'hang-up';
    const duringHangUps = await recordMessages(15);
    await eventually('dropped connections retried', () => segment.refused.hangUp >= 4);
    expect(await checkpoints().load()).toBe(delivered);
    expect(forwarder.position).toBe(delivered);

    // The server restarts while Segment is still down: the new forwarder starts from the stored checkpoint.
    await stopForwarder(forwarder);
    forwarder = startForwarder();
    await eventually('the restarted forwarder retrying', () => segment.refused.hangUp >= 6);
    expect(await checkpoints().load()).toBe(delivered);

    segment.mode = 'ok';
    const afterRecovery = await recordMessages(10);
    const head = await events.headPosition();
    await checkpointReaches(head);
    const expected = [...first, ...duringErrors, ...duringHangUps, ...afterRecovery];
    const taken = segment.takenIds();
    expect(expected.filter((id) => !taken.has(id))).toEqual([]);
    expect(taken.size).toBe(expected.length);

    // Restarted with nothing new: nothing is sent again.
    await stopForwarder(forwarder);
    const before = segment.taken.length;
    forwarder = startForwarder();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(forwarder.position).toBe(head);
    expect(segment.taken.length).toBe(before);
  });

  it('does not hold up the log behind a message Segment refuses for good', async () => {
    const ok = await recordMessages(2);
    const anonId = `anon_${randomUUID()}`;
    const huge = randomUUID();
    await events.appendToStream(`analytics-${anonId}`, [
      newEvent(
        { id: huge, type: 'AnalyticsEventTracked', data: { subjectId: anonId, eventType: 'track', eventName: 'Huge', eventData: { blob: 'x'.repeat(40_000) }, url: null, clientTimestamp: null, messageType: 'track' } },
        metadata(anonId),
      ),
    ]);
    const later = await recordMessages(2);
    startForwarder();
    await checkpointReaches(await events.headPosition());
    expect(segment.takenIds()).toEqual(new Set([...ok, ...later]));
    expect(segment.refused.malformed).toBeGreaterThanOrEqual(2);
  });
});

describe('Segment forwarding in the running server', () => {
  it('forwards what a consenting visitor’s browser sends to the batch endpoint', async () => {
    const segment = new SegmentStandIn();
    const host = await segment.listen();
    const t = await startTestApp({ ...HIGH_LIMITS, SEGMENT_WRITE_KEY: WRITE_KEY, SEGMENT_HOST: host });
    try {
      const visitor = await newVisitor(t.app);
      await visitor.post('/api/analytics/gdpr-consent/', { consent: true });
      const messageId = randomUUID();
      const sent = await visitor.post('/api/analytics/batch/', {
        batch: [{ type: 'track', messageId, timestamp: '2026-11-22T10:00:00.000Z', event: 'CTA Clicked', properties: { ctaName: 'Start AI Call' } }],
        sentAt: '2026-11-22T10:00:01.000Z',
      });
      expect(sent.body).toEqual({ accepted: 1, dropped: 0 });
      const message = await eventually('the message at Segment', () => segment.taken.find((m) => m.messageId === messageId), { timeoutMs: 10_000 });
      expect(message).toMatchObject({ type: 'track', anonymousId: visitor.anonId, event: 'CTA Clicked', properties: { ctaName: 'Start AI Call' } });
    } finally {
      await t.close();
      await segment.close();
    }
  });
});
