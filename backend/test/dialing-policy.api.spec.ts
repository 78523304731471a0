import { TELEPHONY, type TelephonyProvider } from '../src/calls/ports/telephony';
import { HIGH_LIMITS } from './high-limits';
import { completedDiscovery, settledCall } from './settled';
import { type TestApp, type TestVisitor, newVisitor, startTestApp, signUpIn } from './test-app';

const FAST = { SANDBOX_TIME_SCALE: '0.01', SANDBOX_RECORDING_SPEECH: 'off' };
const CALLS = '/api/call-management';

describe('dialing policy and call lines', () => {
  let t: TestApp;
  let telephony: TelephonyProvider;
  beforeAll(async () => {
    t = await startTestApp({ ...FAST, ...HIGH_LIMITS, CALLS_IN_FLIGHT_MAX: '2', CALLS_PER_BUSINESS_PER_DAY: '3' });
    telephony = t.app.get<TelephonyProvider>(TELEPHONY, { strict: false });
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => t.close());

  const post = (as: TestVisitor, path: string, body: object, headers: Record<string, string> = {}) => as.post(path, body).set(headers);
  const get = (as: TestVisitor, path: string, headers: Record<string, string> = {}) => as.get(path).set(headers);

  const finished = (as: TestVisitor, callId: string) => settledCall((path) => get(as, path), callId);

  /** Counts the calls the telephony has on the line, in the order it was asked to place them. */
  function watchLines() {
    const place = telephony.placeCall.bind(telephony);
    const watch = { placed: [] as string[], live: 0, most: 0 };
    jest.spyOn(telephony, 'placeCall').mockImplementation(async (request, onProgress) => {
      watch.placed.push(request.callId);
      watch.most = Math.max(watch.most, ++watch.live);
      const handle = await place(request, onProgress);
      void handle.finished.finally(() => watch.live--);
      return handle;
    });
    return watch;
  }

  describe('calls in flight', () => {
    it('places calls over the cap later, in order, never more than the cap at once, and completes them all', async () => {
      const watch = watchLines();
      const visitor = await newVisitor(t.app);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await post(visitor, `${CALLS}/mock-test-call/`, {});
        expect(res.status).toBe(201);
        ids.push(res.body.id);
      }
      expect(watch.placed.length).toBeLessThanOrEqual(2);
      expect((await get(visitor, `${CALLS}/calls/${ids[4]}/`)).body).toMatchObject({ status: 'queued', phase: 'queued' });

      const calls = await Promise.all(ids.map((id) => finished(visitor, id)));
      expect(calls.map((call) => call.status)).toEqual(Array(5).fill('completed'));
      expect(watch.placed).toEqual(ids);
      expect(watch.most).toBe(2);
    });

    it('drops a canceled call from the queue and places the next', async () => {
      const watch = watchLines();
      const visitor = await newVisitor(t.app);
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push((await post(visitor, `${CALLS}/mock-test-call/`, {})).body.id);
      const canceled = await post(visitor, `${CALLS}/calls/${ids[2]}/cancel_call/`, {});
      expect(canceled.body.status).toBe('canceled');

      const calls = await Promise.all(ids.map((id) => finished(visitor, id)));
      expect(calls.map((call) => call.status)).toEqual(['completed', 'completed', 'canceled', 'completed']);
      expect(watch.placed).toEqual([ids[0], ids[1], ids[3]]);
      expect(watch.most).toBeLessThanOrEqual(2);
    });
  });

  describe('on a carrier', () => {
    /** A carrier that records what it is asked to dial and places nothing. */
    const dialled: string[] = [];
    const carrier: TelephonyProvider = {
      adapterName: 'twilio',
      callerNumber: '+12125550100',
      placeCall: async (request) => {
        dialled.push(request.to);
        throw new Error('no carrier in tests');
      },
      health: async () => ({ adapter: 'twilio', state: 'up' }),
    };
    let onCarrier: TestApp;
    beforeAll(async () => {
      onCarrier = await startTestApp({ ...FAST, ...HIGH_LIMITS, CALLS_PER_BUSINESS_PER_DAY: '3' }, { override: (module) => module.overrideProvider(TELEPHONY).useValue(carrier) });
    });
    beforeEach(() => dialled.splice(0));
    afterAll(() => onCarrier.close());

    async function signedIn() {
      const visitor = await newVisitor(onCarrier.app);
      return { visitor, auth: (await signUpIn(visitor)).auth };
    }

    async function callsOf(as: TestVisitor, auth: Record<string, string>) {
      return (await get(as, `${CALLS}/calls/`, auth)).body.results as Array<{ to_number: string }>;
    }

    it.each([
      ['911', 'emergency_or_service_number'],
      ['1-411', 'emergency_or_service_number'],
      ['(900) 234-5678', 'premium_rate'],
      ['(312) 976-1234', 'premium_rate'],
      ['(212) 555-0142', 'fictional_number'],
      ['+44 20 7946 0123', 'country_not_allowed'],
      ['12345', 'not_a_phone_number'],
    ])('refuses a test call to %p (%s) with 422 naming phone_number; nothing is recorded or dialled', async (number, reason) => {
      const { visitor, auth } = await signedIn();
      const res = await post(visitor, `${CALLS}/test-call/`, { phone_number: number }, auth);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'number_not_dialable', reason, user_message: expect.any(String) });
      expect(res.body.fields.phone_number).toEqual([res.body.user_message]);
      expect(await callsOf(visitor, auth)).toEqual([]);
      expect(dialled).toEqual([]);
    });

    it('refuses a directory business (fictional) named by a discovery with 422 naming to_number', async () => {
      const visitor = await newVisitor(onCarrier.app);
      const created = await post(visitor, '/api/discoveries/', { business_name: 'Pizza Palace', location: 'New York, NY' });
      const discovery = await completedDiscovery((path) => get(visitor, path), created.body.id);
      const res = await post(visitor, `${CALLS}/secret-shopper-call/`, { discovery_id: discovery.id });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'number_not_dialable', reason: 'fictional_number' });
      expect(res.body.fields).toHaveProperty('to_number');
    });

    it('marks a real call as real from the moment it is queued', async () => {
      const { visitor, auth } = await signedIn();
      const res = await post(visitor, `${CALLS}/test-call/`, { phone_number: '(646) 555-0271' }, auth);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ to_number: '+16465550271', sandbox: false, provider: 'twilio' });
    });

    it('calls one business at most CALLS_PER_BUSINESS_PER_DAY times a day across all users, then answers 429 with Retry-After', async () => {
      const first = await signedIn();
      const second = await signedIn();
      for (const [caller, number] of [
        [first, '(415) 555-0288'],
        [second, '+1 415 555 0288'],
        [first, '415.555.0288'],
      ] as const) {
        expect((await post(caller.visitor, `${CALLS}/test-call/`, { phone_number: number }, caller.auth)).status).toBe(201);
      }
      const refused = await post(second.visitor, `${CALLS}/test-call/`, { phone_number: '4155550288' }, second.auth);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      expect(refused.body).toMatchObject({
        error: 'business_called_too_often',
        user_message: 'This business has already been called 3 times today. Try again tomorrow.',
      });
      expect(await callsOf(second.visitor, second.auth)).toHaveLength(1);
      // Another business is not held back.
      expect((await post(second.visitor, `${CALLS}/test-call/`, { phone_number: '(415) 555-0289' }, second.auth)).status).toBe(201);
    });
  });

  it('keeps the sandbox on its fictional numbers, with no daily cap per business', async () => {
    const visitor = await newVisitor(t.app);
    for (let i = 0; i < 4; i++) {
      const res = await post(visitor, `${CALLS}/mock-test-call/`, {});
      expect(res.status).toBe(201);
      expect(res.body.sandbox).toBe(true);
    }
  });
});
