import type { EventStore, RecordedEvent } from '@ringcheck/projections';
import { type BehaviorProfile, behaviorProfileFor, isWithinBusinessHours } from '../src/calls/adapters/sandbox';
import { callStream } from '../src/calls/domain/call.decider';
import { EmbeddedDirectory } from '../src/discovery/adapters';
import { EVENT_STORE } from '../src/infrastructure/storage';
import { HIGH_LIMITS } from './high-limits';
import { SandboxOnManualClock } from './sandbox-on-manual-clock';
import { settledCall } from './settled';
import { type TestApp, newVisitor, startTestApp, signUpIn } from './test-app';

/** A Tuesday morning across the US: most businesses of the directory are open. */
const NOW = new Date('2026-11-24T16:00:00.000Z');
const RETRY_DELAY_SECONDS = 5;

type LineKind = BehaviorProfile['inHours']['kind'];

/** A business open at NOW whose line does `first` when called and `second` when called again. */
async function businessWhoseLine(first: LineKind, second: LineKind) {
  const directory = EmbeddedDirectory.fromFile();
  for (const category of ['locksmith', 'plumber', 'pizza', 'dentist', 'hvac', 'towing']) {
    for (const city of ['New York, NY', 'Chicago, IL', 'Austin, TX', 'Seattle, WA', 'Miami, FL']) {
      for (const place of await directory.search({ businessName: category, location: city }, { limit: 20 })) {
        if (isWithinBusinessHours(place.openingPeriods, place.timeZone, NOW) !== true) continue;
        if (behaviorProfileFor(place, 1).inHours.kind === first && behaviorProfileFor(place, 2).inHours.kind === second) return place;
      }
    }
  }
  throw new Error(`No business of the directory open at ${NOW.toISOString()} is ${first} when called and ${second} when called again`);
}

/** Attempts as the call's history records them: each dial, and each attempt that ended unanswered. */
const attemptsOf = (history: RecordedEvent[]) =>
  history.flatMap(({ type, data }) => {
    const d = data as { attempt: number; outcome?: string; retryInMs?: number | null };
    if (type === 'CallPlaced') return [`dialled attempt ${d.attempt}`];
    if (type === 'CallAttemptEnded') return [`attempt ${d.attempt} ${d.outcome}, ${d.retryInMs === null ? 'no retry' : `retry in ${d.retryInMs} ms`}`];
    return [];
  });

describe('retries of busy and unanswered lines (sandbox on a fixed clock)', () => {
  let t: TestApp;
  let sandbox: SandboxOnManualClock;
  let events: EventStore;
  beforeAll(async () => {
    sandbox = new SandboxOnManualClock(NOW);
    t = await startTestApp(
      { SANDBOX_TIME_SCALE: '0.01', CALL_MAX_ATTEMPTS: '2', CALL_RETRY_DELAY_SECONDS: String(RETRY_DELAY_SECONDS), ...HIGH_LIMITS },
      { override: sandbox.override },
    );
    events = t.app.get<EventStore>(EVENT_STORE, { strict: false });
  });
  afterAll(() => t.close());

  /** Test-calls the business's number as a new account, plays `attempts` attempts, and returns the settled call and its history. */
  async function callAndPlay(phoneNumber: string, attempts: number) {
    const browser = await newVisitor(t.app);
    const { auth } = await signUpIn(browser);
    const res = await browser.post('/api/call-management/test-call/', { phone_number: phoneNumber }).set(auth);
    expect(res.status).toBe(201);
    for (let attempt = 1; attempt <= attempts; attempt++) await sandbox.playAttempt();
    const call = await settledCall((path) => browser.get(path).set(auth), res.body.id);
    return { call, history: await events.readStream(callStream(res.body.id)) };
  }

  it('calls a busy line again after the retry delay and reports the pickup on the second attempt', async () => {
    const place = await businessWhoseLine('busy', 'human');
    const { call, history } = await callAndPlay(place.phoneNumber!, 2);

    expect(attemptsOf(history)).toEqual(['dialled attempt 1', `attempt 1 busy, retry in ${RETRY_DELAY_SECONDS * 1000} ms`, 'dialled attempt 2']);
    expect(call).toMatchObject({ status: 'completed', retry_count: 1, business_name: place.name });
    expect(call.analysis).toMatchObject({ connection_status: 'answered', attempts_before_pickup: 2, first_call_success: false });
    expect(call.timeline.map((e: { text: string }) => e.text)).toEqual(expect.arrayContaining(['Line busy: trying again', 'Dialing again (attempt 2)']));
  });

  it('calls an unanswered line again and reports the pickup on the second attempt', async () => {
    const place = await businessWhoseLine('no_answer', 'human');
    const { call, history } = await callAndPlay(place.phoneNumber!, 2);

    const [, unanswered] = attemptsOf(history);
    expect(attemptsOf(history)).toEqual(['dialled attempt 1', unanswered, 'dialled attempt 2']);
    expect(unanswered).toBe(`attempt 1 no_answer, retry in ${RETRY_DELAY_SECONDS * 1000} ms`);
    expect(call).toMatchObject({ status: 'completed', retry_count: 1 });
    expect(call.analysis).toMatchObject({ connection_status: 'answered', attempts_before_pickup: 2, first_call_success: false });
    expect(call.timeline.map((e: { text: string }) => e.text)).toEqual(expect.arrayContaining([expect.stringMatching(/^No answer after \d+ rings: trying again$/)]));
  });

  it('gives up after the last attempt allowed and reports the line busy', async () => {
    const place = await businessWhoseLine('busy', 'busy');
    const { call, history } = await callAndPlay(place.phoneNumber!, 2);

    expect(attemptsOf(history)).toEqual([
      'dialled attempt 1',
      `attempt 1 busy, retry in ${RETRY_DELAY_SECONDS * 1000} ms`,
      'dialled attempt 2',
      'attempt 2 busy, no retry',
    ]);
    expect(call).toMatchObject({ status: 'completed', retry_count: 1 });
    expect(call.analysis).toMatchObject({ connection_status: 'busy', first_call_success: false });
    expect(call.timeline.map((e: { text: string }) => e.text).filter((text: string) => text.startsWith('Line busy'))).toEqual(['Line busy: trying again', 'Line busy']);
  });
});
