import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnalyticsMessage, type EventStore, newEvent } from '@ringcheck/projections';
import { trackedMessage } from '../analytics/domain/tracked-message';
import { createApp } from '../app.factory';
import { loadConfig } from '../infrastructure/config';
import { UNREACHABLE_LIMITS } from '../infrastructure/config/unreachable-limits';
import { createEventStore } from '../infrastructure/event-store';
import { createLogger } from '../infrastructure/logging';
import { EVENT_STORE } from '../infrastructure/storage';
import { perSecond, report } from './stats';

const BATCH_SIZE = 10;

/** A message as the web app's analytics client sends it. */
const message = (i: number): AnalyticsMessage => ({
  type: i % 5 === 0 ? 'page' : 'track',
  messageId: randomUUID(),
  timestamp: new Date().toISOString(),
  ...(i % 5 === 0 ? { name: 'Home' } : { event: 'Business Search' }),
  properties: { query: 'Pizza Palace', location: 'New York, NY', resultsCount: 4 },
  context: { page: { path: '/', url: 'http://localhost/?utm_source=newsletter', title: 'Ringcheck' }, campaign: { source: 'newsletter' } },
});

/** A consenting browser of its own: its cookies prove its visitor id. */
async function consentingClient(base: string): Promise<{ anonId: string; headers: Record<string, string> }> {
  const health = await fetch(`${base}/api/health`);
  const csrf = /csrftoken=([^;]+)/.exec(health.headers.getSetCookie().join('; '))![1];
  const tracked = await fetch(`${base}/api/analytics/track-user/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: `csrftoken=${csrf}`, 'X-CSRFToken': csrf },
    body: JSON.stringify({ gdpr_consent: true }),
  });
  const proof = /rc_visitor=([^;]+)/.exec(tracked.headers.getSetCookie().join('; '))![1];
  const { anon_id: anonId } = (await tracked.json()) as { anon_id: string };
  return { anonId, headers: { 'Content-Type': 'application/json', Cookie: `csrftoken=${csrf}; rc_visitor=${proof}`, 'X-CSRFToken': csrf } };
}

/**
 * Analytics ingestion: consenting visitors post batches of 10 to `POST /api/analytics/batch/` over HTTP
 * (the whole server in this process, embedded stores), each client one batch at a time. Prints the
 * events/s accepted, checks that every accepted message is in the event store exactly once, and puts
 * it beside the floor: the same events appended straight to a fresh event store by as many writers.
 * `ANALYTICS_BENCH_CLIENTS` and `ANALYTICS_BENCH_BATCHES` (per client) scale it.
 */
export async function benchAnalyticsIngestion(): Promise<void> {
  const clients = Number(process.env.ANALYTICS_BENCH_CLIENTS ?? 20);
  const batchesPerClient = Number(process.env.ANALYTICS_BENCH_BATCHES ?? 50);
  const dir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-analytics-'));
  const config = loadConfig({ DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test', ...UNREACHABLE_LIMITS });
  const app = await createApp(config, createLogger({ level: 'silent' }));
  await app.listen(0, '127.0.0.1');
  const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const floorDir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-analytics-floor-'));
  const floorStore = await createEventStore({ dataDir: floorDir });
  try {
    const browsers = await Promise.all(Array.from({ length: clients }, () => consentingClient(base)));
    const sent = clients * batchesPerClient * BATCH_SIZE;
    let accepted = 0;
    let refused = 0;
    let started = performance.now();
    await Promise.all(
      browsers.map(async ({ headers }) => {
        for (let b = 0; b < batchesPerClient; b++) {
          const batch = Array.from({ length: BATCH_SIZE }, (_, i) => message(b * BATCH_SIZE + i));
          const res = await fetch(`${base}/api/analytics/batch/`, { method: 'POST', headers, body: JSON.stringify({ batch, sentAt: new Date().toISOString() }) });
          if (res.status !== 200) {
            refused += BATCH_SIZE;
            continue;
          }
          accepted += ((await res.json()) as { accepted: number }).accepted;
        }
      }),
    );
    const httpMs = performance.now() - started;
    const store = app.get<EventStore>(EVENT_STORE);
    const stored = (await Promise.all(browsers.map(({ anonId }) => store.readStream(`analytics-${anonId}`)))).flat();
    const distinct = new Set(stored.map((event) => event.id)).size;
    const lost = sent - distinct;
    const httpRate = perSecond(accepted, httpMs);

    started = performance.now();
    await Promise.all(
      browsers.map(async ({ anonId }) => {
        for (let b = 0; b < batchesPerClient; b++) {
          const metadata = { correlationId: randomUUID(), actor: anonId, occurredAt: new Date().toISOString() };
          const events = Array.from({ length: BATCH_SIZE }, (_, i) => {
            const m = message(b * BATCH_SIZE + i);
            return newEvent({ id: m.messageId, type: 'AnalyticsEventTracked', data: trackedMessage(m, { subjectId: anonId, anonId }) }, metadata);
          });
          await floorStore.appendToStream(`analytics-${anonId}`, events);
        }
      }),
    );
    const floorRate = perSecond(sent, performance.now() - started);

    report(
      'analytics ingestion: HTTP batches of 10',
      `${httpRate} events/s accepted (${accepted} of ${sent} from ${clients} clients x ${batchesPerClient} batches, ${refused} refused)`,
    );
    report('analytics ingestion: stored', `${distinct} distinct events, ${stored.length - distinct} repeated, ${lost} lost`, 'none lost', lost === 0 && stored.length === distinct);
    report('analytics ingestion: floor, raw appends of 10', `${floorRate} events/s (HTTP reaches ${((httpRate / floorRate) * 100).toFixed(0)}% of it)`);
  } finally {
    await app.close();
    await floorStore.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(floorDir, { recursive: true, force: true });
  }
}
