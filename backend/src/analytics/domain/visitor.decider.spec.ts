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
  it('given nothing, when a visit is tracked, then the visitor is tracked', () => {
    visitor.when({ type: 'TrackVisit', visit }).then([visited]);
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
