import { given } from '../testing/given';
import { at, recorded } from '../testing/recorded';
import { journeysOf } from './conversion-journeys';
import { type ConversionDocument, conversionProjection as projection } from './conversion.projection';

const anonId = 'anon_0b6c9f3e-1234-4abc-8def-000000000001';
const otherAnon = 'anon_0b6c9f3e-1234-4abc-8def-000000000002';
const userId = 'user_0b6c9f3e-1234-4abc-8def-000000000009';

const visit = (occurredAt: string, over: { anonId?: string; referrer?: string | null; gdprConsent?: boolean | null } = {}) =>
  recorded(
    'VisitorTracked',
    { anonId, fingerprintHash: 'f', screenResolution: null, timezone: null, language: null, referrer: null, gdprConsent: true, userAgent: null, ...over },
    at(occurredAt),
  );
const pageView = (occurredAt: string, over: object = {}, subjectId = anonId) =>
  recorded('AnalyticsEventTracked', { subjectId, eventType: 'page', eventName: 'Home', eventData: {}, url: '/', clientTimestamp: null, ...over }, at(occurredAt));
const track = (subjectId = anonId) =>
  recorded('AnalyticsEventTracked', { subjectId, eventType: 'track', eventName: 'CTA Clicked', eventData: {}, url: '/', clientTimestamp: null });
const search = (ownerId: string | null, occurredAt: string) =>
  recorded('DiscoveryRequested', { discoveryId: `disc_${occurredAt}`, businessName: 'Harbor Dental', location: 'Portland, ME', ownerId }, at(occurredAt));
const call = (ownerId: string | null, occurredAt: string) => recorded('CallRequested', { callId: `call_${occurredAt}`, ownerId }, at(occurredAt));
const signedUp = (occurredAt: string, id = userId) =>
  recorded(
    'UserSignedUp',
    { userId: id, email: null, emailNormalized: null, passwordHash: null, firstName: null, lastName: null, provider: 'embedded', externalSubject: null },
    at(occurredAt),
  );
const linked = (occurredAt: string, conversionSource: 'signup' | 'signin' | 'manual' = 'signup', anon = anonId) =>
  recorded('AnonymousVisitorLinked', { anonId: anon, userId, conversionSource }, at(occurredAt));

describe('conversion projection', () => {
  it('keeps a journey per visitor: first visit, visits, first search and call, and the account it was linked to', async () => {
    const { documents } = await given(
      projection,
      visit('2026-11-02T09:00:00.000Z', { referrer: 'https://www.Google.com/search?q=dentist' }),
      search(anonId, '2026-11-02T09:05:00.000Z'),
      search(anonId, '2026-11-02T09:07:00.000Z'),
      call(anonId, '2026-11-02T09:10:00.000Z'),
      visit('2026-11-03T09:00:00.000Z', { referrer: 'https://bing.com/' }),
      signedUp('2026-11-03T10:00:00.000Z'),
      linked('2026-11-03T10:00:02.000Z'),
    );
    expect(documents[anonId]).toMatchObject({
      kind: 'visitor',
      firstVisitAt: '2026-11-02T09:00:00.000Z',
      visits: 2,
      referrerHost: 'google.com',
      source: 'google.com',
      firstSearchAt: '2026-11-02T09:05:00.000Z',
      firstCallAt: '2026-11-02T09:10:00.000Z',
      linkedUserId: userId,
      linkedAt: '2026-11-03T10:00:02.000Z',
      linkSource: 'signup',
    });
    expect(documents[userId]).toMatchObject({ kind: 'customer', signedUpAt: '2026-11-03T10:00:00.000Z', firstLinkedAnonId: anonId });
  });

  it('takes utm_source from the first page view only, over the referrer', async () => {
    const first = pageView('2026-11-02T09:00:01.000Z', { url: '/?utm_source=Newsletter&utm_medium=email' });
    const second = pageView('2026-11-02T09:01:00.000Z', { campaign: { source: 'facebook' } });
    const { document } = await given(projection, visit('2026-11-02T09:00:00.000Z', { referrer: 'https://google.com/' }), first, second, track());
    expect(document).toMatchObject({ campaignSource: 'newsletter', source: 'newsletter', pageViews: 2 });

    const campaignFirst = await given(projection, pageView('2026-11-02T09:00:01.000Z', { eventType: 'track', messageType: 'page', campaign: { source: 'Partner' } }), visit('2026-11-02T09:00:02.000Z'));
    expect(campaignFirst.document).toMatchObject({ source: 'partner', firstVisitAt: '2026-11-02T09:00:02.000Z' });
  });

  it('calls a consenting visitor without referrer or campaign direct, and one without consent undisclosed', async () => {
    expect((await given(projection, visit('2026-11-02T09:00:00.000Z'))).document).toMatchObject({ source: 'direct' });
    expect((await given(projection, visit('2026-11-02T09:00:00.000Z', { gdprConsent: null }))).document).toMatchObject({ source: 'undisclosed' });
    expect((await given(projection, visit('2026-11-02T09:00:00.000Z', { gdprConsent: false, referrer: 'not a url' }))).document).toMatchObject({ source: 'undisclosed' });
  });

  it('takes where a visitor came from from its first visit made with consent, counting every visit from the first', async () => {
    const { document } = await given(
      projection,
      visit('2026-11-02T09:00:00.000Z', { gdprConsent: null }),
      visit('2026-11-02T09:00:05.000Z', { referrer: 'https://www.Example.org/post' }),
      visit('2026-11-03T09:00:00.000Z', { referrer: 'https://later.example.com/' }),
    );
    expect(document).toMatchObject({ firstVisitAt: '2026-11-02T09:00:00.000Z', visits: 3, sourceDisclosed: true, source: 'example.org' });
  });

  it('ignores track messages, signed-in subjects, searches of no one, and a link to a document it never saw', async () => {
    const { documents } = await given(projection, track(), pageView('2026-11-02T09:00:00.000Z', {}, userId), search(null, '2026-11-02T09:00:00.000Z'), linked('2026-11-02T09:00:00.000Z'));
    expect(documents).toEqual({});
  });

  it('records what an account searched and called as a user, and only the first visitor linked to it', async () => {
    const { documents } = await given(
      projection,
      visit('2026-11-02T09:00:00.000Z'),
      visit('2026-11-02T09:30:00.000Z', { anonId: otherAnon }),
      signedUp('2026-11-02T10:00:00.000Z'),
      linked('2026-11-02T10:00:01.000Z'),
      linked('2026-11-04T10:00:00.000Z', 'signin', otherAnon),
      search(userId, '2026-11-05T10:00:00.000Z'),
      call(userId, '2026-11-06T10:00:00.000Z'),
    );
    expect(documents[userId]).toMatchObject({ firstLinkedAnonId: anonId, firstSearchAt: '2026-11-05T10:00:00.000Z', firstCallAt: '2026-11-06T10:00:00.000Z' });
    expect(documents[otherAnon]).toMatchObject({ linkedUserId: userId, linkSource: 'signin' });

    const journeys = journeysOf(Object.values(documents) as ConversionDocument[]);
    expect(journeys.find((j) => j.anonId === anonId)).toMatchObject({ signedUpAt: '2026-11-02T10:00:00.000Z', searchedAt: '2026-11-05T10:00:00.000Z', calledAt: '2026-11-06T10:00:00.000Z' });
    // The second browser signed in to an existing account: not a new customer, and not credited with its searches.
    expect(journeys.find((j) => j.anonId === otherAnon)).toMatchObject({ signedUpAt: null, searchedAt: null, calledAt: null });
  });

  it('does not count a sign-in to an account older than the visitor as a conversion, whatever the browser claimed', async () => {
    const { documents } = await given(projection, signedUp('2026-10-01T10:00:00.000Z'), visit('2026-11-02T09:00:00.000Z'), linked('2026-11-02T09:10:00.000Z', 'signup'));
    expect(journeysOf(Object.values(documents) as ConversionDocument[])).toEqual([
      { anonId, firstVisitAt: '2026-11-02T09:00:00.000Z', source: 'direct', searchedAt: null, calledAt: null, signedUpAt: null },
    ]);
  });
});
