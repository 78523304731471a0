// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Location } from '../../api/locations-api';
import type { RealtimeMessage } from '../../realtime/realtime-message';
import { filtersOf, searchOf, validateLocationsSearch } from './location-filter';
import { foldLocationPush } from './location-list';
import { DIRECT_NUMBER, HARBOR, PIZZA, USER_ROOM } from './testing/location-fixtures';

const push = (id: string, document: Location | null | Record<string, unknown>, projection = 'locations'): RealtimeMessage => ({
  room: USER_ROOM,
  position: 1,
  projection,
  documentId: id,
  document: document as RealtimeMessage['document'],
});
const ids = (list: Location[] | null) => list?.map((location) => location.id) ?? null;

describe('foldLocationPush', () => {
  const list = [PIZZA, HARBOR];

  it('replaces a changed location and keeps the newest interaction first', () => {
    const called = { ...HARBOR, interaction_type: 'called' as const, last_interacted_at: '2026-11-26T10:00:00.000Z' };
    expect(ids(foldLocationPush(list, push(HARBOR.id, called), {}))).toEqual([HARBOR.id, PIZZA.id]);
    expect(foldLocationPush(list, push(PIZZA.id, { ...PIZZA, is_favorite: true }), {})?.[0].is_favorite).toBe(true);
  });

  it('adds a new location where it belongs, and drops a deleted one', () => {
    expect(ids(foldLocationPush(list, push(DIRECT_NUMBER.id, DIRECT_NUMBER), {}))).toEqual([PIZZA.id, HARBOR.id, DIRECT_NUMBER.id]);
    expect(ids(foldLocationPush(list, push(HARBOR.id, null), {}))).toEqual([PIZZA.id]);
    expect(foldLocationPush(list, push(DIRECT_NUMBER.id, null), {})).toBeNull();
  });

  it('keeps the list to what its filters show', () => {
    const favorites = [HARBOR];
    expect(foldLocationPush(favorites, push(PIZZA.id, PIZZA), { favoritesOnly: true })).toBeNull();
    expect(ids(foldLocationPush(favorites, push(HARBOR.id, { ...HARBOR, is_favorite: false }), { favoritesOnly: true }))).toEqual([]);
    expect(ids(foldLocationPush([PIZZA], push(HARBOR.id, HARBOR), { interactionType: 'saved' }))).toEqual([PIZZA.id, HARBOR.id]);
    expect(ids(foldLocationPush([PIZZA], push(PIZZA.id, PIZZA), { interactionType: 'saved' }))).toEqual([]);
  });

  it('ignores pushes of other read models and documents that are not locations', () => {
    expect(foldLocationPush(list, push(PIZZA.id, PIZZA, 'calls'), {})).toBeNull();
    expect(foldLocationPush(list, push(PIZZA.id, { id: PIZZA.id, status: 'queued' }), {})).toBeNull();
    expect(foldLocationPush(list, push('loc_other', PIZZA), {})).toBeNull();
  });
});

describe('the filters in the address', () => {
  it('keeps only the offered filters', () => {
    expect(validateLocationsSearch({ type: 'called', favorites: true })).toEqual({ type: 'called', favorites: true });
    expect(validateLocationsSearch({ type: 'saved', favorites: 'true' })).toEqual({ type: 'saved', favorites: true });
    expect(validateLocationsSearch({ type: 'all', favorites: false })).toEqual({});
    expect(validateLocationsSearch({ type: 'everything', favorites: 'yes' })).toEqual({});
  });

  it('maps to the API’s filters and back', () => {
    expect(filtersOf({ type: 'called', favorites: true })).toEqual({ interactionType: 'called', favoritesOnly: true });
    expect(filtersOf({})).toEqual({ interactionType: undefined, favoritesOnly: false });
    expect(searchOf({ interactionType: 'saved', favoritesOnly: false })).toEqual({ type: 'saved' });
  });
});
