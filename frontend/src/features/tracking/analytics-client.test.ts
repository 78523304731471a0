// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnalyticsBatchRequest, AnalyticsMessage } from '@ringcheck/projections/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalyticsApi } from '../../api/analytics-api';
import { ApiClient } from '../../api/api-client';
import { AnalyticsClient, type AnalyticsScheduler } from './analytics-client';
import { ANALYTICS_LIMITS, type AnalyticsLimits } from './analytics-limits';

/** What the stand-in ingestion server received: one entry per request. */
interface Received {
  path: string;
  csrf: string | undefined;
  bytes: number;
  body: AnalyticsBatchRequest;
}

type Answer = { status: number; headers?: Record<string, string> } | 'hang-up';

/**
 * A loopback HTTP server standing in for `POST /api/analytics/batch/`: it answers each request with the next
 * answer of its script (the last one repeats), as the real endpoint would: JSON, status and headers.
 */
async function standInServer(...script: Answer[]) {
  const received: Received[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({
        path: request.url ?? '',
        csrf: request.headers['x-csrftoken'] as string | undefined,
        bytes: raw.length,
        body: JSON.parse(raw.toString('utf8')) as AnalyticsBatchRequest,
      });
      const answer = script.length > 1 ? script.shift()! : script[0];
      if (answer === 'hang-up') {
        request.socket.destroy();
        return;
      }
      const body = answer.status < 300 ? { accepted: received.at(-1)!.body.batch.length, dropped: 0 } : { error: 'stand_in', detail: `status ${answer.status}` };
      response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { received, baseUrl: `http://127.0.0.1:${port}/api` };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Time by hand: timers fire when the test advances the clock; pauses are recorded and pass at once. */
class ManualScheduler implements AnalyticsScheduler {
  time = Date.parse('2025-03-01T10:00:00.000Z');
  readonly pauses: number[] = [];
  private timers = new Map<number, { at: number; run: () => void }>();
  private nextId = 1;

  now = () => this.time;

  setTimeout = (run: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  };

  clearTimeout = (handle: unknown) => {
    this.timers.delete(handle as number);
  };

  sleep = async (ms: number) => {
    this.pauses.push(ms);
    this.time += ms;
  };

  advance(ms: number) {
    this.time += ms;
    for (const [id, timer] of [...this.timers]) {
      if (timer.at <= this.time) {
        this.timers.delete(id);
        timer.run();
      }
    }
  }
}

let sequence = 0;
function message(event = 'Business Search', properties: Record<string, unknown> = {}): AnalyticsMessage {
  sequence += 1;
  return {
    type: 'track',
    event,
    messageId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    timestamp: '2025-03-01T10:00:00.000Z',
    properties,
  };
}

/** A message whose JSON is about `bytes` long. */
const sized = (bytes: number) => message('Padding', { pad: 'x'.repeat(bytes - 200) });

function setUp(baseUrl: string, options: { random?: number; limits?: Partial<AnalyticsLimits> } = {}) {
  const scheduler = new ManualScheduler();
  const warnings: string[] = [];
  const keepalives: boolean[] = [];
  // Real fetch to the loopback server, noting the keepalive flag each request carried.
  const fetch: typeof globalThis.fetch = (input, init) => {
    keepalives.push(init?.keepalive === true);
    return globalThis.fetch(input, init);
  };
  const api = createAnalyticsApi(new ApiClient({ baseUrl, fetch, cookies: () => 'csrftoken=stand-in-token' }));
  const client = new AnalyticsClient({
    transport: (batch, sendOptions) => api.sendBatch(batch, sendOptions),
    scheduler,
    random: () => options.random ?? 0.5,
    logger: { warn: (...parts: unknown[]) => warnings.push(parts.map(String).join(' ')) },
    limits: options.limits,
  });
  return { client, scheduler, warnings, keepalives };
}

const ids = (batch: Received) => batch.body.batch.map((m) => m.messageId);

/** Lets the loopback round trips started by a timer finish. */
async function settle(client: AnalyticsClient) {
  await client.flush();
}

describe('AnalyticsClient against a stand-in ingestion server', () => {
  it('sends a batch as soon as 10 messages are queued, to /api/analytics/batch/ with the CSRF header', async () => {
    const server = await standInServer({ status: 200 });
    const { client } = setUp(server.baseUrl);
    const messages = Array.from({ length: 25 }, () => message());

    for (const item of messages.slice(0, 9)) client.enqueue(item);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.received).toHaveLength(0);
    client.enqueue(messages[9]);
    for (const item of messages.slice(10)) client.enqueue(item);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await settle(client);

    expect(server.received.map((batch) => batch.body.batch.length)).toEqual([10, 10, 5]);
    expect(server.received.flatMap(ids)).toEqual(messages.map((m) => m.messageId));
    expect(server.received[0]).toMatchObject({ path: '/api/analytics/batch/', csrf: 'stand-in-token' });
    expect(server.received[0].body.sentAt).toBe('2025-03-01T10:00:00.000Z');
  });

  it('sends fewer than 10 messages 5 s after the first was queued, not before', async () => {
    const server = await standInServer({ status: 200 });
    const { client, scheduler } = setUp(server.baseUrl);

    client.enqueue(message());
    scheduler.advance(3000);
    client.enqueue(message());
    scheduler.advance(1999);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.received).toHaveLength(0);

    scheduler.advance(1);
    await settle(client);
    expect(server.received).toHaveLength(1);
    expect(server.received[0].body.batch).toHaveLength(2);
  });

  it('retries a batch the server answered 500 with the same messageIds after a random pause of at most 5 s', async () => {
    const server = await standInServer({ status: 500 }, { status: 503 }, { status: 200 });
    const { client, scheduler, warnings } = setUp(server.baseUrl, { random: 0.37 });
    const messages = Array.from({ length: 10 }, () => message());

    for (const item of messages) client.enqueue(item);
    await settle(client);

    expect(server.received).toHaveLength(3);
    expect(ids(server.received[1])).toEqual(ids(server.received[0]));
    expect(ids(server.received[2])).toEqual(messages.map((m) => m.messageId));
    expect(scheduler.pauses).toEqual([1850, 1850]);
    expect(warnings.filter((w) => w.includes('retry'))).toHaveLength(2);
    expect(client.pending).toBe(0);
  });

  it('draws each retry pause between 0 and 5 s', async () => {
    for (const [random, pause] of [
      [0, 0],
      [0.999999, 4999],
    ]) {
      const server = await standInServer({ status: 502 }, { status: 200 });
      const { client, scheduler } = setUp(server.baseUrl, { random });
      client.enqueue(message());
      await settle(client);
      expect(scheduler.pauses).toEqual([pause]);
    }
  });

  it('retries a network failure (connection dropped) like a 5xx', async () => {
    const server = await standInServer('hang-up', { status: 200 });
    const { client, scheduler } = setUp(server.baseUrl);
    client.enqueue(message());
    await settle(client);
    expect(server.received).toHaveLength(2);
    expect(ids(server.received[0])).toEqual(ids(server.received[1]));
    expect(scheduler.pauses).toEqual([2500]);
  });

  it('gives a batch up after 10 retries with a warning, and goes on with the next one', async () => {
    const server = await standInServer({ status: 500 });
    const { client, scheduler, warnings } = setUp(server.baseUrl);
    const first = message();
    client.enqueue(first);
    await settle(client);

    expect(server.received).toHaveLength(11);
    expect(new Set(server.received.flatMap(ids))).toEqual(new Set([first.messageId]));
    expect(scheduler.pauses).toHaveLength(10);
    expect(warnings.at(-1)).toMatch(/dropped after 10 retries \(status 500\)/);
    expect(client.pending).toBe(0);
  });

  it('waits out a 429 for as long as X-RateLimit-Reset says, without counting it as a failure', async () => {
    const server = await standInServer(
      { status: 429, headers: { 'X-RateLimit-Reset': '7' } },
      ...Array.from({ length: 11 }, () => ({ status: 429, headers: { 'X-RateLimit-Reset': '1' } })),
      { status: 200 },
    );
    const { client, scheduler, warnings } = setUp(server.baseUrl);
    client.enqueue(message());
    await settle(client);

    // 12 refusals is more than the 10 retries a failure gets: 429s are not failures.
    expect(server.received).toHaveLength(13);
    expect(scheduler.pauses).toEqual([7000, ...Array.from({ length: 11 }, () => 1000)]);
    expect(warnings.some((w) => w.includes('dropped'))).toBe(false);
  });

  it('reads an X-RateLimit-Reset given as an epoch time', async () => {
    const now = Date.parse('2025-03-01T10:00:00.000Z');
    const server = await standInServer({ status: 429, headers: { 'X-RateLimit-Reset': String(now / 1000 + 12) } }, { status: 200 });
    const { client, scheduler } = setUp(server.baseUrl);
    client.enqueue(message());
    await settle(client);
    expect(scheduler.pauses).toEqual([12_000]);
  });

  it('waits 5 s after a 429 without a reset header, and what our API sends otherwise (RateLimit-Reset, Retry-After)', async () => {
    const server = await standInServer(
      { status: 429 },
      { status: 429, headers: { 'Retry-After': '3', 'RateLimit-Reset': '3' } },
      { status: 429, headers: { 'Retry-After': '2' } },
      { status: 200 },
    );
    const { client, scheduler } = setUp(server.baseUrl);
    client.enqueue(message());
    await settle(client);
    expect(scheduler.pauses).toEqual([5000, 3000, 2000]);
    expect(server.received).toHaveLength(4);
  });

  it('drops a batch refused with another 4xx at once, with a warning, and keeps the order of the rest', async () => {
    const server = await standInServer({ status: 400 }, { status: 200 });
    const { client, scheduler, warnings } = setUp(server.baseUrl);
    const first = Array.from({ length: 10 }, () => message());
    const second = Array.from({ length: 10 }, () => message());
    for (const item of [...first, ...second]) client.enqueue(item);
    await settle(client);

    expect(server.received.map(ids)).toEqual([first.map((m) => m.messageId), second.map((m) => m.messageId)]);
    expect(scheduler.pauses).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(/dropped: refused with status 400/)]);
  });

  it('drops a message over 32 KB with a warning and sends the others', async () => {
    const server = await standInServer({ status: 200 });
    const { client, warnings } = setUp(server.baseUrl);
    const small = message();
    expect(client.enqueue(sized(ANALYTICS_LIMITS.maxMessageBytes + 100))).toBe(false);
    expect(client.enqueue(small)).toBe(true);
    await client.flush();

    expect(server.received.flatMap(ids)).toEqual([small.messageId]);
    expect(warnings).toEqual([expect.stringMatching(/over the 32768-byte limit/)]);
  });

  it('splits what it sends so that no batch body is over 500 KB', async () => {
    const server = await standInServer({ status: 200 });
    // With batches of 10, messages of at most 32 KB keep a batch under 500 KB by themselves; with more
    // messages per batch the byte limit is what splits them.
    const { client } = setUp(server.baseUrl, { limits: { batchSize: 100 } });
    const messages = Array.from({ length: 40 }, () => sized(30_000));
    for (const item of messages) client.enqueue(item);
    await client.flush();

    expect(server.received.length).toBeGreaterThan(1);
    for (const batch of server.received) expect(batch.bytes).toBeLessThanOrEqual(ANALYTICS_LIMITS.maxBatchBytes);
    expect(server.received[0].bytes).toBeGreaterThan(ANALYTICS_LIMITS.maxBatchBytes - 31_000);
    expect(server.received.flatMap(ids)).toEqual(messages.map((m) => m.messageId));
  });

  it('on page hide sends everything waiting with keepalive, in bodies of at most 64 KB', async () => {
    const server = await standInServer({ status: 200 });
    const { client, keepalives } = setUp(server.baseUrl);
    const messages = Array.from({ length: 9 }, () => sized(20_000));
    for (const item of messages) client.enqueue(item);

    client.flushOnPageHide();
    await vi.waitFor(() => expect(server.received.length).toBeGreaterThanOrEqual(3));

    expect(keepalives.every(Boolean)).toBe(true);
    for (const batch of server.received) expect(batch.bytes).toBeLessThanOrEqual(ANALYTICS_LIMITS.keepaliveChunkBytes);
    expect(new Set(server.received.flatMap(ids))).toEqual(new Set(messages.map((m) => m.messageId)));
    expect(client.pending).toBe(0);
  });

  it('on page hide also sends the batch being retried, under the same messageIds', async () => {
    const server = await standInServer({ status: 503 }, { status: 200 });
    const { client, scheduler } = setUp(server.baseUrl);
    // The pause before the retry never ends by itself here: the page hides during it.
    let resume: () => void = () => undefined;
    scheduler.sleep = (ms) => {
      scheduler.pauses.push(ms);
      return new Promise<void>((resolve) => (resume = resolve));
    };
    const first = message();
    client.enqueue(first);
    const drained = client.flush();
    await vi.waitFor(() => expect(scheduler.pauses).toHaveLength(1));

    client.flushOnPageHide();
    await vi.waitFor(() => expect(server.received).toHaveLength(2));
    resume();
    await drained;

    expect(server.received.map(ids)).toEqual([[first.messageId], [first.messageId]]);
    // The retry loop stopped: the batch left with the page-hide request.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.received).toHaveLength(2);
  });

  it('forgets everything waiting when cleared (consent withdrawn)', async () => {
    const server = await standInServer({ status: 200 });
    const { client, scheduler } = setUp(server.baseUrl);
    for (let i = 0; i < 5; i += 1) client.enqueue(message());
    client.clear();
    scheduler.advance(10_000);
    await client.flush();
    expect(server.received).toHaveLength(0);
    expect(client.pending).toBe(0);
  });

  it('never throws into the app, whatever the server does', async () => {
    const server = await standInServer({ status: 500 });
    const { client } = setUp(server.baseUrl, { limits: { maxRetries: 1 } });
    client.enqueue(message());
    await expect(client.flush()).resolves.toBeUndefined();
  });
});

