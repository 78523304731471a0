import { behaviorProfileFor, isWithinBusinessHours } from '../src/calls/adapters/sandbox';
import { EmbeddedDirectory } from '../src/discovery/adapters';
import { HIGH_LIMITS } from './high-limits';
import { type TestApp, newVisitor, startTestApp, signUpIn } from './test-app';

/** A business open right now whose line is busy on the first call and answered in person on the second. */
async function busyThenAnswered() {
  const directory = EmbeddedDirectory.fromFile();
  for (const category of ['locksmith', 'plumber', 'pizza', 'dentist', 'hvac', 'towing']) {
    for (const city of ['New York, NY', 'Chicago, IL', 'Austin, TX', 'Seattle, WA', 'Miami, FL']) {
      for (const place of await directory.search({ businessName: category, location: city }, { limit: 20 })) {
        const business = { ...place, timeZone: place.timeZone };
        if (isWithinBusinessHours(place.openingPeriods, place.timeZone, new Date()) !== true) continue;
        if (behaviorProfileFor(business, 1).inHours.kind === 'busy' && behaviorProfileFor(business, 2).inHours.kind === 'human') return place;
      }
    }
  }
  return null;
}

describe('retries of busy lines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SANDBOX_TIME_SCALE: '0.01', SANDBOX_RECORDING_SPEECH: 'off', CALL_MAX_ATTEMPTS: '2', ...HIGH_LIMITS });
  });
  afterAll(() => t.close());

  it('calls a busy line again and reports the pickup on the second attempt', async () => {
    const place = await busyThenAnswered();
    if (!place) {
      console.warn('No business open now is busy on the first call and answered on the second: retry spec skipped');
      return;
    }
    const browser = await newVisitor(t.app);
    const auth = `Bearer ${(await signUpIn(browser)).token}`;
    const res = await browser.post('/api/call-management/test-call/', { phone_number: place.phoneNumber }).set('Authorization', auth);
    expect(res.status).toBe(201);
    let call = res.body;
    for (let i = 0; i < 300 && !(call.status === 'completed' && call.analysis); i++) {
      await new Promise((r) => setTimeout(r, 20));
      call = (await browser.get(`/api/call-management/calls/${res.body.id}/`).set('Authorization', auth)).body;
    }
    expect(call).toMatchObject({ status: 'completed', retry_count: 1, business_name: place.name });
    expect(call.analysis).toMatchObject({ connection_status: 'answered', attempts_before_pickup: 2, first_call_success: false });
    expect(call.timeline.map((e: { text: string }) => e.text)).toEqual(expect.arrayContaining(['Line busy: trying again', 'Dialing again (attempt 2)']));
  });
});
