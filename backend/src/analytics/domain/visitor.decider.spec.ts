import { deciderSpec } from '../../infrastructure/event-sourcing/testing/decider-spec';
import { type VisitorEvent, visitorDecider } from './visitor.decider';

const visit = {
  anonId: 'anon_1',
  fingerprintHash: 'a'.repeat(64),
  screenResolution: '1280x800',
  timezone: 'UTC',
  language: 'en',
  referrer: null,
  gdprConsent: null,
  userAgent: null,
};
const visited: VisitorEvent = { type: 'VisitorTracked', data: visit };
const visitor = deciderSpec(visitorDecider);

describe('visitor decider', () => {
  const minimal = { anonId: 'anon_1', fingerprintHash: null, screenResolution: null, timezone: null, language: null, referrer: null, userAgent: null };
  const consenting = { ...visit, referrer: 'https://example.com/', userAgent: 'Mozilla/5.0', gdprConsent: true };

  it('given nothing, when a visit stating consent is tracked, then the visitor is tracked with its device facts', () => {
    visitor.when({ type: 'TrackVisit', visit: consenting }).then([{ type: 'VisitorTracked', data: consenting }]);
  });

  it('given no consent, when a visit is tracked, then only the visitor id is kept', () => {
    visitor.when({ type: 'TrackVisit', visit }).then([{ type: 'VisitorTracked', data: { ...minimal, gdprConsent: null } }]);
  });

  it('given consent recorded earlier, when a visit says nothing of it, then the device facts are kept', () => {
    const later = { ...consenting, gdprConsent: null };
    visitor
      .given(visited, { type: 'GdprConsentRecorded', data: { anonId: 'anon_1', consent: true } })
      .when({ type: 'TrackVisit', visit: later })
      .then([{ type: 'VisitorTracked', data: later }]);
  });

  it('given consent withdrawn, when a visit is tracked, then it is minimal again', () => {
    visitor
      .given({ type: 'VisitorTracked', data: consenting }, { type: 'GdprConsentRecorded', data: { anonId: 'anon_1', consent: false } })
      .when({ type: 'TrackVisit', visit: { ...consenting, gdprConsent: null } })
      .then([{ type: 'VisitorTracked', data: { ...minimal, gdprConsent: null } }]);
  });

  it('given consent recorded earlier, when a visit declines it, then the visit is minimal', () => {
    visitor
      .given(visited, { type: 'GdprConsentRecorded', data: { anonId: 'anon_1', consent: true } })
      .when({ type: 'TrackVisit', visit: { ...consenting, gdprConsent: false } })
      .then([{ type: 'VisitorTracked', data: { ...minimal, gdprConsent: false } }]);
  });

  it('given a visit, when consent is recorded, then consent is recorded', () => {
    visitor
      .given(visited)
      .when({ type: 'RecordConsent', anonId: 'anon_1', consent: true })
      .then([{ type: 'GdprConsentRecorded', data: { anonId: 'anon_1', consent: true } }]);
  });

  it('given the same consent already recorded, when recorded again, then nothing happens', () => {
    visitor.given({ type: 'VisitorTracked', data: { ...visit, gdprConsent: false } }).when({ type: 'RecordConsent', anonId: 'anon_1', consent: false }).thenNothing();
  });

  it('given an unknown visitor, when consent is recorded, then it is refused as not found', () => {
    visitor.when({ type: 'RecordConsent', anonId: 'anon_1', consent: true }).thenFails('not_found');
  });

  it('counts visits', () => {
    expect(visitor.given(visited, visited).state.visits).toBe(2);
  });
});

describe('visitor decider: linking to an account', () => {
  const link = { type: 'LinkToUser' as const, anonId: 'anon_1', userId: 'user_1', conversionSource: 'signup' as const };

  it('given a visitor, when linked, then the link is recorded', () => {
    visitor.given(visited).when(link).then([{ type: 'AnonymousVisitorLinked', data: { anonId: 'anon_1', userId: 'user_1', conversionSource: 'signup' } }]);
  });

  it('given a link to the same account, when linked again, then nothing happens', () => {
    visitor.given(visited, { type: 'AnonymousVisitorLinked', data: { anonId: 'anon_1', userId: 'user_1', conversionSource: 'signup' } }).when(link).thenNothing();
  });

  it('given a link to another account, when linked, then it is refused', () => {
    visitor
      .given(visited, { type: 'AnonymousVisitorLinked', data: { anonId: 'anon_1', userId: 'user_2', conversionSource: 'signin' } })
      .when(link)
      .thenFails('conflict', { code: 'already_linked_elsewhere' });
  });

  it('given no visit, when linked, then it is refused: the server never issued that id', () => {
    visitor.when(link).thenFails('not_found');
  });
});
