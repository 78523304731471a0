import { randomUUID } from 'node:crypto';
import { type EventStore, type NewEvent, newEvent } from '@ringcheck/projections';
import { SeededRandom } from '../infrastructure/random';

/**
 * A product's history for the conversion read model: visitors arriving evenly over `weeks`, about one in
 * ten visit events a consented visitor's page view or track message, with the searches, calls, sign-ups
 * (and sign-ins of existing customers on new browsers) in the product's proportions, in time order.
 * Choices are seeded, so a history of the same size always holds the same journeys.
 */
export interface ConversionHistoryOptions {
  /** Events written in all. */
  events: number;
  /** When the first visitor arrives. */
  start?: Date;
  weeks?: number;
  seed?: string;
}

/** Average events per visitor the proportions below give, to spread arrivals over the span. */
const EVENTS_PER_VISITOR = 10;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One event of the history: when it happens, its type and data. */
export interface Scheduled {
  at: number;
  seq: number;
  type: string;
  data: Record<string, unknown>;
}

/** Min-heap by time (then by scheduling order), so events come out as they happened. */
class Agenda {
  private readonly heap: Scheduled[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  peek(): Scheduled | undefined {
    return this.heap[0];
  }

  push(at: number, type: string, data: Record<string, unknown>): void {
    const heap = this.heap;
    heap.push({ at, seq: this.seq++, type, data });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }

  pop(): Scheduled | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l], heap[m])) m = l;
        if (r < heap.length && before(heap[r], heap[m])) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    }
    return top;
  }
}

const before = (a: Scheduled, b: Scheduled) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

const idOf = (prefix: string, n: number) => `${prefix}00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const REFERRERS: (readonly [string | null, number])[] = [
  ['https://www.google.com/', 40],
  ['https://www.bing.com/search?q=phone+test', 8],
  ['https://m.facebook.com/', 10],
  ['https://news.ycombinator.com/item?id=1', 3],
  [null, 39],
];
const CAMPAIGNS: (readonly [string | null, number])[] = [
  [null, 70],
  ['newsletter', 12],
  ['google', 10],
  ['partner', 8],
];
const PAGES = ['/', '/pricing', '/explore', '/faq', '/compare/ringcentral', '/sign-up'];
const TRACKED = ['Business Search', 'Business Selected', 'CTA Clicked', 'Funnel Step', 'Call Initiated', 'Milestone Reached'];

/** Hours from first visit to sign-up: most within the hour or the day, a long tail over weeks. */
function hoursToSignUp(random: SeededRandom): number {
  const [min, max] = random.weighted<readonly [number, number]>([
    [[0.05, 1], 30],
    [[1, 24], 30],
    [[24, 7 * 24], 22],
    [[7 * 24, 30 * 24], 13],
    [[30 * 24, 60 * 24], 5],
  ]);
  return random.between(min, max);
}

/** The history's events in time order (its size is about `options.events`; the writer cuts it there). */
export function* conversionHistoryEvents(options: ConversionHistoryOptions): Generator<Scheduled> {
  const random = new SeededRandom(options.seed ?? 'conversion-history');
  const start = (options.start ?? new Date('2026-06-01T00:00:00.000Z')).getTime();
  const span = (options.weeks ?? 26) * 7 * DAY;
  const visitors = Math.max(1, Math.round(options.events / EVENTS_PER_VISITOR));
  const spacing = span / visitors;
  const agenda = new Agenda();
  const customers: string[] = [];
  let users = 0;

  for (let n = 1; n <= visitors || agenda.size > 0; n++) {
    const arrival = n <= visitors ? start + n * spacing : Infinity;
    while (agenda.size > 0 && agenda.peek()!.at <= arrival) yield agenda.pop()!;
    if (n > visitors) break;

    const anonId = idOf('anon_', n);
    const consent = random.weighted<boolean | null>([[true, 60], [false, 15], [null, 25]]);
    // Without consent no referrer is stored.
    const referrer = consent === true ? random.weighted(REFERRERS) : null;
    const visit = (at: number) =>
      agenda.push(at, 'VisitorTracked', {
        anonId,
        fingerprintHash: 'f'.repeat(64),
        screenResolution: '1920x1080',
        timezone: 'America/New_York',
        language: 'en-US',
        referrer: at === arrival ? referrer : null,
        gdprConsent: consent,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      });
    const browse = (from: number, campaign: string | null) => {
      if (consent !== true) return;
      const pages = random.int(1, 6);
      for (let p = 0; p < pages; p++) {
        const path = p === 0 ? '/' : random.pick(PAGES);
        const utm = p === 0 && campaign ? `?utm_source=${campaign}&utm_medium=referral` : '';
        agenda.push(from + 1000 + p * 20_000, 'AnalyticsEventTracked', {
          subjectId: anonId,
          eventType: 'page',
          eventName: path,
          eventData: { path, title: 'Ringcheck' },
          url: `${path}${utm}`,
          clientTimestamp: new Date(from + 1000 + p * 20_000).toISOString(),
          messageType: 'page',
          ...(utm ? { campaign: { source: campaign, medium: 'referral' } } : {}),
        });
      }
      const tracks = random.int(2, 12);
      for (let t = 0; t < tracks; t++) {
        const name = random.pick(TRACKED);
        agenda.push(from + 5000 + t * 15_000, 'AnalyticsEventTracked', {
          subjectId: anonId,
          eventType: 'track',
          eventName: name,
          eventData: { stepNumber: t, funnelName: 'main' },
          url: '/explore',
          clientTimestamp: new Date(from + 5000 + t * 15_000).toISOString(),
          messageType: 'track',
        });
      }
    };

    visit(arrival);
    browse(arrival, random.weighted(CAMPAIGNS));
    for (let r = random.weighted([[0, 70], [1, 20], [2, 10]]); r > 0; r--) {
      const back = arrival + random.between(1, 20) * DAY;
      visit(back);
      browse(back, null);
    }

    const searched = random.chance(0.35);
    const called = searched && random.chance(0.4);
    if (searched) {
      const discoveryId = idOf('disc_', n);
      const at = arrival + random.between(1, 10) * MINUTE;
      agenda.push(at, 'DiscoveryRequested', { discoveryId, businessName: 'Harbor Dental', location: 'Portland, ME', ownerId: anonId });
      agenda.push(at + 1500, 'DiscoveryCompleted', { discoveryId, results: [], durationMs: 1500 });
      if (called) {
        const callId = idOf('call_', n);
        const callAt = at + random.between(1, 20) * MINUTE;
        agenda.push(callAt, 'CallRequested', {
          callId,
          ownerId: anonId,
          kind: 'secret_shopper',
          discoveryId,
          placeSearchResultId: null,
          businessName: 'Harbor Dental',
          toNumber: '+12075550143',
          fromNumber: '+12075550199',
          business: null,
          retryPolicy: { maxAttempts: 2, retryOn: ['busy', 'no_answer'], delayMs: 5000 },
          timeScale: 1,
          awaitingPlacement: false,
          provider: 'sandbox',
        });
        agenda.push(callAt + 45_000, 'CallEnded', { callId, attempt: 1, connectionStatus: 'answered', endedBy: 'caller', durationMs: 42_000 });
      }
    }

    const signsUp = random.chance(called ? 0.3 : searched ? 0.08 : 0.01);
    if (signsUp) {
      const userId = idOf('user_', ++users);
      const at = arrival + hoursToSignUp(random) * HOUR;
      agenda.push(at, 'UserSignedUp', {
        userId,
        email: `owner-${users}@example.com`,
        emailNormalized: `owner-${users}@example.com`,
        passwordHash: null,
        firstName: 'Dana',
        lastName: null,
        provider: 'embedded',
        externalSubject: null,
      });
      agenda.push(at + 2000, 'AnonymousVisitorLinked', { anonId, userId, conversionSource: 'signup' });
      if (random.chance(0.5)) {
        agenda.push(at + random.between(1, 14) * DAY, 'DiscoveryRequested', { discoveryId: idOf('disc_', 10_000_000 + n), businessName: 'Bayside Pizza', location: 'Portland, ME', ownerId: userId });
      }
      customers.push(userId);
    } else if (customers.length > 0 && random.chance(0.01)) {
      // An existing customer signing in on a new browser: linked, but not a new customer.
      agenda.push(arrival + 3 * MINUTE, 'AnonymousVisitorLinked', { anonId, userId: random.pick(customers), conversionSource: 'signin' });
    }
  }
}

/** Appends a history of `options.events` events, `batchSize` to an append; answers the last position. */
export async function writeConversionHistory(store: EventStore, options: ConversionHistoryOptions, batchSize = 1000): Promise<number> {
  let batch: NewEvent[] = [];
  let written = 0;
  let position = 0;
  for (const event of conversionHistoryEvents(options)) {
    if (written + batch.length >= options.events) break;
    batch.push(newEvent({ id: randomUUID(), type: event.type, data: event.data }, { correlationId: 'history', actor: 'bench', occurredAt: new Date(event.at).toISOString() }));
    if (batch.length === batchSize) {
      // The projection reads types and data, not streams: one stream per batch keeps appends cheap.
      position = (await store.appendToStream(`history-${written}`, batch)).position;
      written += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) position = (await store.appendToStream(`history-${written}`, batch)).position;
  return position;
}
