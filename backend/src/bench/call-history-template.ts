import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { EventStore, RecordedEvent } from '@ringcheck/projections';
import { createApp } from '../app.factory';
import { behaviorProfileFor, isWithinBusinessHours } from '../calls/adapters/sandbox';
import { EmbeddedDirectory } from '../discovery/adapters';
import { loadConfig } from '../infrastructure/config';
import { UNREACHABLE_LIMITS } from '../infrastructure/config/unreachable-limits';
import { findRepoRoot } from '../infrastructure/config/repo-root';
import { createLogger } from '../infrastructure/logging';
import { EVENT_STORE } from '../infrastructure/storage';

/** The password of the template's account, and so of every owner cloned from it. */
export const TEMPLATE_PASSWORD = 'Vivid-Lantern-Orbit-42';
/** The template account's address; each cloned owner gets its own in its place. */
export const TEMPLATE_EMAIL = 'history-template-owner@example.com';

/** One journey through the product, as the event store recorded it. */
export interface TemplateJourney {
  /** The account the journey ran as, or null for a visitor who never signed up. */
  userId: string | null;
  anonId: string;
  discoveryId: string;
  callId: string;
  events: RecordedEvent[];
}

/** A visitor's call and a signed-in user's call, each from a discovery search to the analysed call. */
export interface CallHistoryTemplate {
  key: string;
  producedAt: string;
  /** The business's category and city the journeys searched for. */
  search: { businessName: string; location: string };
  visitor: TemplateJourney;
  user: TemplateJourney;
}

const TEMPLATE_FORMAT = 1;

/**
 * The template, from the cache in the OS temp dir when this build produced it before; otherwise made
 * by running the product (about 10 s) and cached. The key is a hash of the built backend and projections
 * (bench code aside), so a change to what the product records makes a new template.
 */
export async function callHistoryTemplate(): Promise<CallHistoryTemplate> {
  const key = buildKey();
  const file = join(tmpdir(), `ringcheck-call-history-template-${key}.json`);
  if (existsSync(file)) {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as CallHistoryTemplate;
    if (cached.key === key) return cached;
  }
  const template = await produceTemplate(key);
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(template));
  renameSync(partial, file);
  return template;
}

function buildKey(): string {
  const root = findRepoRoot() ?? process.cwd();
  const hash = createHash('sha256').update(`format ${TEMPLATE_FORMAT}\n`);
  for (const dist of ['backend/dist', 'projections/dist']) {
    const base = join(root, dist);
    for (const file of filesUnder(base)) {
      const name = relative(base, file);
      if (dist === 'backend/dist' && name.startsWith('bench')) continue;
      hash.update(`${dist}/${name}\n`).update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/** A bundled business of one kind, open now, whose sandbox line a person answers, so the call runs to a real conversation. */
async function answeringBusiness(): Promise<{ businessName: string; location: string; placeName: string }> {
  const directory = EmbeddedDirectory.fromFile();
  const candidates: [string, string][] = [
    ['locksmith', 'New York, NY'],
    ['plumber', 'Austin, TX'],
    ['towing', 'Miami, FL'],
    ['locksmith', 'Chicago, IL'],
    ['dentist', 'Seattle, WA'],
  ];
  for (const [businessName, location] of candidates) {
    for (const place of await directory.search({ businessName, location }, { limit: 20 })) {
      if (isWithinBusinessHours(place.openingPeriods, place.timeZone, new Date()) !== true) continue;
      const profile = behaviorProfileFor(place, 1);
      if (profile.inHours.kind === 'human' && profile.inHours.rings <= 3) return { businessName, location, placeName: place.name };
    }
  }
  // Nobody answers in person right now: the call still runs to its end (voicemail or menu) and is analysed.
  return { businessName: 'locksmith', location: 'New York, NY', placeName: '' };
}

/** A browser of its own against the running app: a cookie jar, the CSRF token, and a bearer token once signed in. */
class Browser {
  private readonly cookies = new Map<string, string>();
  token: string | null = null;

  constructor(private readonly base: string) {}

  async request(method: 'GET' | 'POST', path: string, body?: object): Promise<any> {
    const headers: Record<string, string> = { Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      headers['X-CSRFToken'] = this.cookies.get('csrftoken') ?? '';
    }
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const response = await fetch(`${this.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  }

  async until(path: string, done: (answer: any) => boolean, timeoutMs = 60_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = await this.request('GET', path);
      if (done(answer)) return answer;
      if (Date.now() > deadline) throw new Error(`${path} did not settle within ${timeoutMs} ms: ${JSON.stringify(answer).slice(0, 400)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

const settled = (call: { status: string; analysis: unknown }) =>
  call.status === 'failed' || call.status === 'canceled' || (call.status === 'completed' && call.analysis !== null);

/** A visitor's first visit (with analytics consent), a discovery search and a test call from it, to the analysed call. */
async function searchAndCall(browser: Browser, search: { businessName: string; location: string; placeName: string }) {
  const discovery = await browser.request('POST', '/api/discoveries/', { business_name: search.businessName, location: search.location });
  const results = await browser.until(`/api/discoveries/${discovery.id}/results/`, (answer) => answer.status === 'completed');
  const places = results.place_search_results as { id: string; name: string }[];
  if (places.length === 0) throw new Error(`The search for ${search.businessName} in ${search.location} found nothing`);
  const place = places.find((result) => result.name === search.placeName) ?? places[0];
  const call = await browser.request('POST', '/api/call-management/secret-shopper-call/', { discovery_id: discovery.id, place_result_id: place.id });
  const done = await browser.until(`/api/call-management/calls/${call.id}/`, settled);
  if (done.status !== 'completed') throw new Error(`The template call ended ${done.status}, not completed`);
  return { discoveryId: discovery.id as string, callId: call.id as string };
}

async function arrive(browser: Browser): Promise<string> {
  await browser.request('GET', '/api/health');
  const visit = { fingerprint: 'history-template', screen_resolution: '1920x1080', timezone: 'America/New_York', language: 'en-US', gdpr_consent: true };
  return (await browser.request('POST', '/api/analytics/track-user/', visit)).anon_id as string;
}

/** Runs the product on a fresh data folder with the sandbox at its fastest, and keeps every event the two journeys recorded. */
async function produceTemplate(key: string): Promise<CallHistoryTemplate> {
  const dir = mkdtempSync(join(tmpdir(), 'ringcheck-call-template-'));
  const config = loadConfig({
    DATA_DIR: dir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    SANDBOX_TIME_SCALE: '0.01',
    SANDBOX_RECORDING_SPEECH: 'off',
    ...UNREACHABLE_LIMITS,
  });
  const app = await createApp(config, createLogger({ level: 'silent' }));
  try {
    await app.listen(0, '127.0.0.1');
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const search = await answeringBusiness();
    const store = app.get<EventStore>(EVENT_STORE);

    const visitorBrowser = new Browser(base);
    const visitorAnon = await arrive(visitorBrowser);
    const visitorCall = await searchAndCall(visitorBrowser, search);
    const visitorEnd = await store.headPosition();

    const userBrowser = new Browser(base);
    const userAnon = await arrive(userBrowser);
    const session = await userBrowser.request('POST', '/api/auth/sign-up/', { email: TEMPLATE_EMAIL, password: TEMPLATE_PASSWORD, first_name: 'Dana' });
    userBrowser.token = session.access_token as string;
    await userBrowser.request('POST', '/api/users/link-anonymous/', { anon_id: userAnon, conversion_source: 'signup' });
    const userCall = await searchAndCall(userBrowser, search);
    // The owner reads the report, as the web app does once the call is analysed.
    await userBrowser.request('GET', `/api/call-management/calls/${userCall.callId}/`);

    const events: RecordedEvent[] = [];
    for (let position = 0; ; ) {
      const page = await store.readAll({ fromPosition: position, maxCount: 1000 });
      events.push(...page);
      if (page.length < 1000) break;
      position = page[page.length - 1].position;
    }
    return {
      key,
      producedAt: new Date().toISOString(),
      search: { businessName: search.businessName, location: search.location },
      visitor: { userId: null, anonId: visitorAnon, ...visitorCall, events: events.filter((event) => event.position <= visitorEnd) },
      user: { userId: session.user.id as string, anonId: userAnon, ...userCall, events: events.filter((event) => event.position > visitorEnd) },
    };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
