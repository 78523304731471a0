import { DomainError, foldEvents } from '../../infrastructure/event-sourcing';
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

const given = (...events: VisitorEvent[]) => foldEvents(visitorDecider, events);

describe('visitor decider', () => {
  it('given nothing, when a visit is tracked, then the visitor is tracked', () => {
    expect(visitorDecider.decide({ type: 'TrackVisit', visit }, given())).toEqual([{ type: 'VisitorTracked', data: visit }]);
  });

  it('given a visit, when consent is recorded, then consent is recorded', () => {
    const state = given({ type: 'VisitorTracked', data: visit });
    expect(visitorDecider.decide({ type: 'RecordConsent', anonId: 'anon_1', consent: true }, state)).toEqual([
      { type: 'GdprConsentRecorded', data: { anonId: 'anon_1', consent: true } },
    ]);
  });

  it('given the same consent already recorded, when recorded again, then nothing happens', () => {
    const state = given({ type: 'VisitorTracked', data: { ...visit, gdprConsent: false } });
    expect(visitorDecider.decide({ type: 'RecordConsent', anonId: 'anon_1', consent: false }, state)).toEqual([]);
  });

  it('given an unknown visitor, when consent is recorded, then it is refused as not found', () => {
    expect(() => visitorDecider.decide({ type: 'RecordConsent', anonId: 'anon_1', consent: true }, given())).toThrow(DomainError);
  });

  it('counts visits', () => {
    expect(given({ type: 'VisitorTracked', data: visit }, { type: 'VisitorTracked', data: visit }).visits).toBe(2);
  });
});

describe('visitor decider: linking to an account', () => {
  const link = { type: 'LinkToUser' as const, anonId: 'anon_1', userId: 'user_1', conversionSource: 'signup' as const };

  it('given a visitor, when linked, then the link is recorded', () => {
    expect(visitorDecider.decide(link, given({ type: 'VisitorTracked', data: visit }))).toEqual([
      { type: 'AnonymousVisitorLinked', data: { anonId: 'anon_1', userId: 'user_1', conversionSource: 'signup' } },
    ]);
  });

  it('given a link to the same account, when linked again, then nothing happens', () => {
    const state = given({ type: 'VisitorTracked', data: visit }, { type: 'AnonymousVisitorLinked', data: { anonId: 'anon_1', userId: 'user_1', conversionSource: 'signup' } });
    expect(visitorDecider.decide(link, state)).toEqual([]);
  });

  it('given a link to another account, when linked, then it is refused', () => {
    const state = given({ type: 'VisitorTracked', data: visit }, { type: 'AnonymousVisitorLinked', data: { anonId: 'anon_1', userId: 'user_2', conversionSource: 'signin' } });
    expect(() => visitorDecider.decide(link, state)).toThrow(/another account/);
  });

  it('given no visit, when linked, then it is refused: the server never issued that id', () => {
    expect(() => visitorDecider.decide(link, given())).toThrow(/not found/);
  });
});
