import { given } from '../testing/given';
import { at, recorded } from '../testing/recorded';
import { anonymousVisitorsProjection as projection } from './anonymous-visitors.projection';
import type { VisitorTrackedData } from './events';

const visit = (over: Partial<VisitorTrackedData> = {}): VisitorTrackedData => ({
  anonId: 'anon_1',
  fingerprintHash: 'f'.repeat(64),
  screenResolution: '1920x1080',
  timezone: 'America/New_York',
  language: 'en-US',
  referrer: 'https://example.com/',
  gdprConsent: null,
  userAgent: 'test',
  ...over,
});

describe('anonymous visitors projection', () => {
  it('creates the visitor on the first visit', async () => {
    const { document } = await given(projection, recorded('VisitorTracked', visit()));
    expect(document).toMatchObject({ _id: 'anon_1', visitCount: 1, firstReferrer: 'https://example.com/', gdprConsent: null });
  });

  it('counts return visits, keeps the first referrer and first-seen time', async () => {
    const { document } = await given(
      projection,
      recorded('VisitorTracked', visit()),
      recorded('VisitorTracked', visit({ referrer: 'https://other.example/', timezone: 'Europe/Paris' }), at('2026-11-23T09:00:00.000Z')),
    );
    expect(document).toMatchObject({
      visitCount: 2,
      firstReferrer: 'https://example.com/',
      timezone: 'Europe/Paris',
      firstSeenAt: '2026-11-22T10:00:00.000Z',
      lastSeenAt: '2026-11-23T09:00:00.000Z',
    });
  });

  it('records consent given later, and ignores consent for an unknown visitor', async () => {
    const then = await given(
      projection,
      recorded('VisitorTracked', visit()),
      recorded('GdprConsentRecorded', { anonId: 'anon_1', consent: true }),
      recorded('GdprConsentRecorded', { anonId: 'anon_2', consent: true }),
    );
    expect(Object.keys(then.documents)).toEqual(['anon_1']);
    expect(then.document).toMatchObject({ gdprConsent: true });
  });

  it('forgets the device facts when consent is withdrawn, and keeps the visit count', async () => {
    const { document } = await given(
      projection,
      recorded('VisitorTracked', visit({ gdprConsent: true })),
      recorded('GdprConsentRecorded', { anonId: 'anon_1', consent: false }),
    );
    expect(document).toMatchObject({
      visitCount: 1,
      gdprConsent: false,
      fingerprintHash: null,
      timezone: null,
      language: null,
      screenResolution: null,
      firstReferrer: null,
    });
  });

  it('keeps a visit without consent minimal', async () => {
    const minimal = visit({ fingerprintHash: null, screenResolution: null, timezone: null, language: null, referrer: null, userAgent: null });
    const { document } = await given(projection, recorded('VisitorTracked', minimal));
    expect(document).toMatchObject({ visitCount: 1, fingerprintHash: null, timezone: null, firstReferrer: null });
  });

  it('puts each visitor in its own room', async () => {
    expect((await given(projection, recorded('VisitorTracked', visit()))).rooms()).toEqual(['anonymous:anon_1']);
  });
});

describe('anonymous visitors projection: linking', () => {
  it('records the account a visitor became, even one never tracked', async () => {
    const { document } = await given(projection, recorded('AnonymousVisitorLinked', { anonId: 'anon_9', userId: 'user_1', conversionSource: 'signup' }));
    expect(document).toMatchObject({ anonId: 'anon_9', linkedUserId: 'user_1', conversionSource: 'signup', visitCount: 0 });
  });

  it('keeps the link across later visits', async () => {
    const { document } = await given(
      projection,
      recorded('AnonymousVisitorLinked', { anonId: 'anon_1', userId: 'user_1', conversionSource: 'signin' }),
      recorded('VisitorTracked', visit()),
    );
    expect(document).toMatchObject({ linkedUserId: 'user_1', visitCount: 1 });
  });
});
