import { given } from '../testing/given';
import { at, recorded } from '../testing/recorded';
import { discoveriesProjection as projection } from './discoveries.projection';
import type { DiscoveryFailureReason, PlaceSearchResultData } from './events';

const discoveryId = 'disc_1';
const place = (n: number): PlaceSearchResultData => ({
  id: `plsr_${n}`,
  placeId: `place-${n}`,
  name: `Plumber ${n}`,
  address: `${n} Main St, Austin, TX`,
  phoneNumber: `(512) 555-010${n}`,
  internationalPhoneNumber: `+1 512-555-010${n}`,
  website: null,
  rating: 4.5,
  ratingCount: 12,
  businessTypes: ['plumber'],
  businessStatus: 'OPERATIONAL',
  weekdayText: [],
  openingPeriods: [],
  timeZone: 'America/Chicago',
  utcOffsetMinutes: -360,
});

const requested = (ownerId: string | null = 'anon_1', occurredAt = '2026-11-22T10:00:00.000Z') =>
  recorded('DiscoveryRequested', { discoveryId, businessName: 'plumber', location: 'Austin, TX', ownerId }, at(occurredAt));
const searchStarted = (attempt: number, occurredAt = '2026-11-22T10:00:01.000Z') =>
  recorded('DiscoverySearchStarted', { discoveryId, directory: 'embedded', attempt }, at(occurredAt));
const completed = (results: PlaceSearchResultData[], occurredAt = '2026-11-22T10:00:02.000Z') =>
  recorded('DiscoveryCompleted', { discoveryId, results, durationMs: 800 }, at(occurredAt));
const failed = (reason: DiscoveryFailureReason, message: string, occurredAt = '2026-11-22T10:00:09.000Z') =>
  recorded('DiscoveryFailed', { discoveryId, reason, message }, at(occurredAt));
const ownerChanged = (previousOwnerId: string | null, ownerId: string, occurredAt = '2026-11-22T10:05:00.000Z') =>
  recorded('DiscoveryOwnerChanged', { discoveryId, previousOwnerId, ownerId }, at(occurredAt));

describe('discoveries projection', () => {
  it('starts a requested discovery as pending, with no results yet', async () => {
    const { document } = await given(projection, requested());
    expect(document).toEqual({
      _id: discoveryId,
      id: discoveryId,
      status: 'pending',
      businessName: 'plumber',
      location: 'Austin, TX',
      ownerId: 'anon_1',
      results: [],
      resultIds: [],
      failureReason: null,
      failureMessage: null,
      attempts: 0,
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
      completedAt: null,
    });
  });

  it('counts each search attempt while it is in progress', async () => {
    expect((await given(projection, requested(), searchStarted(1))).document).toMatchObject({ status: 'in_progress', attempts: 1 });
    expect((await given(projection, requested(), searchStarted(1), searchStarted(2, '2026-11-22T10:00:04.000Z'))).document).toMatchObject({
      status: 'in_progress',
      attempts: 2,
      updatedAt: '2026-11-22T10:00:04.000Z',
    });
  });

  it('keeps the businesses found, and their ids for looking a result up', async () => {
    const { document } = await given(projection, requested(), searchStarted(1), completed([place(1), place(2)]));
    expect(document).toMatchObject({
      status: 'completed',
      results: [place(1), place(2)],
      resultIds: ['plsr_1', 'plsr_2'],
      failureReason: null,
      completedAt: '2026-11-22T10:00:02.000Z',
      updatedAt: '2026-11-22T10:00:02.000Z',
    });
  });

  it('completes with no results when nothing was found', async () => {
    expect((await given(projection, requested(), searchStarted(1), completed([]))).document).toMatchObject({ status: 'completed', results: [], resultIds: [] });
  });

  it('records why a discovery failed, and what the visitor is told', async () => {
    const { document } = await given(projection, requested(), searchStarted(1), searchStarted(2), failed('quota_exceeded', 'Search is busy, try again later.'));
    expect(document).toMatchObject({
      status: 'failed',
      failureReason: 'quota_exceeded',
      failureMessage: 'Search is busy, try again later.',
      attempts: 2,
      results: [],
      completedAt: '2026-11-22T10:00:09.000Z',
    });
  });

  it('keeps nothing for a discovery it never saw requested', async () => {
    expect((await given(projection, searchStarted(1), completed([place(1)]))).documents).toEqual({});
  });

  it("is pushed to the discovery's room and its owner's", async () => {
    expect((await given(projection, requested('anon_1'))).rooms()).toEqual([`discovery:${discoveryId}`, 'anonymous:anon_1']);
    expect((await given(projection, requested('user_1'))).rooms()).toEqual([`discovery:${discoveryId}`, 'user:user_1']);
    expect((await given(projection, requested(null))).rooms()).toEqual([`discovery:${discoveryId}`]);
  });

  it('moves to the account that claimed it, with its results', async () => {
    const then = await given(projection, requested('anon_1'), searchStarted(1), completed([place(1)]), ownerChanged('anon_1', 'user_1'));
    expect(then.document).toMatchObject({ ownerId: 'user_1', status: 'completed', resultIds: ['plsr_1'], updatedAt: '2026-11-22T10:05:00.000Z' });
    expect(then.rooms()).toEqual([`discovery:${discoveryId}`, 'user:user_1']);
  });

  it('applies a redelivered event once', async () => {
    const started = searchStarted(1);
    expect((await given(projection, requested(), started, started)).document).toMatchObject({ attempts: 1 });
  });
});
