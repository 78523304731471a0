import { given } from '../testing/given';
import { at, recorded } from '../testing/recorded';
import type { LocationPlaceData } from './events';
import { locationInteractionCount, locationInteractionType, locationsProjection as projection } from './locations.projection';

const userId = 'user_1';
const locationId = 'loc_1';
const place: LocationPlaceData = {
  placeSearchResultId: 'plsr_1',
  discoveryId: 'disc_1',
  placeId: 'place-1',
  name: 'Harbor Dental',
  address: '12 Harbor St',
  phoneNumber: '(207) 555-0143',
  website: 'https://harbordental.example',
  rating: 4.6,
  ratingCount: 87,
  businessTypes: ['dentist', 'health'],
  businessStatus: 'OPERATIONAL',
};
const called = (callId: string, occurredAt: string) => recorded('BusinessCalled', { userId, locationId, callId, place, chargedMonth: '2026-11' }, at(occurredAt));
const saved = (occurredAt: string, over: object = {}) =>
  recorded('LocationSaved', { userId, locationId, place, interactionType: 'saved', notes: '', metadata: {}, favorite: false, ...over }, at(occurredAt));
const withdrawn = (callId: string) => recorded('BusinessCallWithdrawn', { userId, locationId, callId, reason: 'refused' });
const favourite = (favorite: boolean) => recorded('LocationFavoriteChanged', { userId, locationId, favorite });

describe('locations projection', () => {
  it('follows a business from its first call, counts each call once, and pushes to its user', async () => {
    const first = called('call_1', '2026-11-20T10:00:00.000Z');
    const { document, rooms } = await given(projection, first, first, called('call_2', '2026-11-21T10:00:00.000Z'));
    expect(document).toMatchObject({ id: locationId, userId, place, callIds: ['call_1', 'call_2'], createdAt: '2026-11-20T10:00:00.000Z', lastInteractedAt: '2026-11-21T10:00:00.000Z' });
    expect(locationInteractionType(document!)).toBe('called');
    expect(locationInteractionCount(document!)).toBe(2);
    expect(rooms()).toEqual([`user:${userId}`]);
  });

  it('stays called once called, whatever a later save says, and keeps notes and favourite', async () => {
    const { document } = await given(projection, called('call_1', '2026-11-20T10:00:00.000Z'), saved('2026-11-22T10:00:00.000Z', { interactionType: 'viewed', notes: 'front desk', favorite: true }));
    expect(locationInteractionType(document!)).toBe('called');
    expect(document).toMatchObject({ favorite: true, notes: 'front desk', saves: 1, lastInteractedAt: '2026-11-22T10:00:00.000Z' });
    expect(locationInteractionCount(document!)).toBe(2);
  });

  it('forgets a call that was withdrawn, and a location nothing is left of', async () => {
    expect((await given(projection, called('call_1', '2026-11-20T10:00:00.000Z'), withdrawn('call_1'))).document).toBeNull();
    const { document } = await given(projection, saved('2026-11-19T10:00:00.000Z'), called('call_1', '2026-11-20T10:00:00.000Z'), withdrawn('call_1'));
    expect(document).toMatchObject({ callIds: [], saves: 1 });
    expect(locationInteractionType(document!)).toBe('saved');
  });

  it('toggles the favourite of a location it holds, and never makes one up', async () => {
    expect((await given(projection, saved('2026-11-19T10:00:00.000Z'), favourite(true))).document).toMatchObject({ favorite: true });
    expect((await given(projection, saved('2026-11-19T10:00:00.000Z'), favourite(true), favourite(false))).document).toMatchObject({ favorite: false });
    expect((await given(projection, favourite(true))).document).toBeNull();
  });
});
