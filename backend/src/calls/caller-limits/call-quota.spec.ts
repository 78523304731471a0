import { createLogger } from '../../infrastructure/logging/create-logger';
import { MemoryLog } from '../../infrastructure/logging/memory-log.fixture';
import { CallQuota, type CallQuotaDecision } from './call-quota';

const ADDRESS = '203.0.113.50';
const visitor = (n: number, ip = ADDRESS) => ({ ip, userId: null, anonId: `anon_00000000-0000-4000-8000-${String(n).padStart(12, '0')}` });
const user = (id: string, ip = ADDRESS) => ({ ip, userId: id, anonId: null });

function refusal(decision: CallQuotaDecision) {
  if (decision.allowed) throw new Error('expected a refusal');
  return { status: decision.answer.getStatus(), body: decision.answer.body, retryAfterSeconds: decision.retryAfterSeconds };
}

describe('CallQuota', () => {
  const out = new MemoryLog();
  const quota = () => new CallQuota({ anonymousPerDay: 2, anonymousPerDayPerAddress: 3, userPerDay: 4 }, createLogger({ destination: out }));

  it('gives a visitor its daily calls, then refuses asking it to sign up', async () => {
    const subject = quota();
    expect((await subject.charge(visitor(1))).allowed).toBe(true);
    expect((await subject.charge(visitor(1))).allowed).toBe(true);
    const refused = refusal(await subject.charge(visitor(1)));
    expect(refused).toEqual({
      status: 429,
      retryAfterSeconds: 24 * 3600,
      body: {
        error: 'call_quota_exceeded',
        detail: 'The quota of 2 test calls per day for visitors who are not signed in is used up.',
        user_message: "You've used your 2 free test calls for today. Sign up for a free account to run more.",
        signup_required: true,
      },
    });
    expect(out.last).toMatchObject({ level: 40, msg: 'Call refused: daily call quota used up', refusedBy: ['anonymous'], signedIn: false });
    expect(JSON.stringify(out.lines)).not.toContain(ADDRESS);
  });

  it('caps the visitors of one address together, and a refused call spends nothing', async () => {
    const subject = quota();
    for (const n of [1, 2, 3]) expect((await subject.charge(visitor(n))).allowed).toBe(true);
    const refused = refusal(await subject.charge(visitor(4)));
    expect(refused.body.user_message).toBe("Today's free test calls from your network are used up. Sign up for a free account to run more.");
    expect(out.last).toMatchObject({ refusedBy: ['ip'] });
    // Visitor 4 was refused by the address: its own allowance is whole elsewhere.
    expect((await subject.charge(visitor(4, '198.51.100.1'))).allowed).toBe(true);
    expect((await subject.charge(visitor(4, '198.51.100.1'))).allowed).toBe(true);
  });

  it('knows a visitor with no proven id by its address', async () => {
    const subject = quota();
    const unknown = { ip: ADDRESS, userId: null, anonId: null };
    await subject.charge(unknown);
    await subject.charge(unknown);
    expect(refusal(await subject.charge(unknown)).body.user_message).toMatch(/^You've used your 2 free test calls/);
    expect((await subject.charge(visitor(1))).allowed).toBe(true);
  });

  it('gives a signed-in user a quota of their own, wherever they call from', async () => {
    const subject = quota();
    for (const n of [1, 2, 3]) await subject.charge(visitor(n));
    for (let i = 0; i < 4; i++) expect((await subject.charge(user('user_1', `198.51.100.${i}`))).allowed).toBe(true);
    const refused = refusal(await subject.charge(user('user_1')));
    expect(refused.body).toEqual({
      error: 'call_quota_exceeded',
      detail: 'The quota of 4 test calls per day is used up. Try again in 24 hours.',
      user_message: "You've used all 4 of your test calls for today. You can start more in 24 hours.",
      signup_required: false,
    });
    expect(out.last).toMatchObject({ refusedBy: ['user'], signedIn: true });
    expect((await subject.charge(user('user_2'))).allowed).toBe(true);
  });

  it('gives a refunded call back', async () => {
    const subject = quota();
    const first = await subject.charge(visitor(1));
    if (!first.allowed) throw new Error('expected the first call');
    await first.refund();
    await subject.charge(visitor(1));
    expect((await subject.charge(visitor(1))).allowed).toBe(true);
  });
});
