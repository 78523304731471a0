import { recorded } from '../testing/recorded';
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
  it('creates the visitor on the first visit', () => {
    const doc = projection.evolve(null, recorded('VisitorTracked', visit()));
    expect(doc).toMatchObject({ _id: 'anon_1', visitCount: 1, firstReferrer: 'https://example.com/', gdprConsent: null });
  });

  it('counts return visits, keeps the first referrer and first-seen time', () => {
    const first = projection.evolve(null, recorded('VisitorTracked', visit()));
    const second = projection.evolve(
      first,
      recorded('VisitorTracked', visit({ referrer: 'https://other.example/', timezone: 'Europe/Paris' }), {
        metadata: { correlationId: 'c', occurredAt: '2026-11-23T09:00:00.000Z', schemaVersion: 1 },
      }),
    );
    expect(second).toMatchObject({
      visitCount: 2,
      firstReferrer: 'https://example.com/',
      timezone: 'Europe/Paris',
      firstSeenAt: '2026-11-22T10:00:00.000Z',
      lastSeenAt: '2026-11-23T09:00:00.000Z',
    });
  });

  it('records consent given later, and ignores consent for an unknown visitor', () => {
    const first = projection.evolve(null, recorded('VisitorTracked', visit()));
    expect(projection.evolve(first, recorded('GdprConsentRecorded', { anonId: 'anon_1', consent: true }))).toMatchObject({
      gdprConsent: true,
    });
    expect(projection.evolve(null, recorded('GdprConsentRecorded', { anonId: 'anon_2', consent: true }))).toBeNull();
  });

  it('puts each visitor in its own room', () => {
    const doc = projection.evolve(null, recorded('VisitorTracked', visit()))!;
    expect(projection.rooms!(doc)).toEqual(['anonymous:anon_1']);
  });
});

describe('anonymous visitors projection: linking', () => {
  it('records the account a visitor became, even one never tracked', () => {
    const linked = projection.evolve(null, recorded('AnonymousVisitorLinked', { anonId: 'anon_9', userId: 'user_1', conversionSource: 'signup' }));
    expect(linked).toMatchObject({ anonId: 'anon_9', linkedUserId: 'user_1', conversionSource: 'signup', visitCount: 0 });
  });

  it('keeps the link across later visits', () => {
    const linked = projection.evolve(null, recorded('AnonymousVisitorLinked', { anonId: 'anon_1', userId: 'user_1', conversionSource: 'signin' }));
    const visited = projection.evolve(linked, recorded('VisitorTracked', visit()));
    expect(visited).toMatchObject({ linkedUserId: 'user_1', visitCount: 1 });
  });
});
