// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { createLocationsApi } from './locations-api';
import { createFetchStub, jsonResponse } from '../test/fetch-stub';

const LOCATION = 'loc_2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901';

const clientFor = (stub: ReturnType<typeof createFetchStub>) =>
  new ApiClient({
    fetch: stub.fetch,
    cookies: () => 'csrftoken=c1',
    auth: { isSignedIn: () => true, getToken: async () => 'token-1', refreshToken: async () => 'token-1' },
  });

describe('locations API', () => {
  it('lists the locations with the spec’s filters as query parameters', async () => {
    const answer = () => jsonResponse(200, { count: 1, results: [{ id: LOCATION }] });
    const stub = createFetchStub(answer, answer, answer);
    const api = createLocationsApi(clientFor(stub));

    await expect(api.list()).resolves.toEqual([{ id: LOCATION }]);
    await api.list({ interactionType: 'called' });
    await api.list({ interactionType: 'saved', favoritesOnly: true });

    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/users/locations/',
      'GET /api/users/locations/?interaction_type=called',
      'GET /api/users/locations/?interaction_type=saved&favorites_only=true',
    ]);
    expect(stub.requests.every((r) => r.headers.Authorization === 'Bearer token-1')).toBe(true);
  });

  it('reads the summary and a location’s history, saves a location and toggles its favourite', async () => {
    const stub = createFetchStub(
      () => jsonResponse(200, { firstCall: null, totalCalls: 0, completedCalls: 0, inProgressCalls: 0, recentCallActivity: 0 }),
      () => jsonResponse(200, { location: { id: LOCATION }, calls: [] }),
      () => jsonResponse(201, { id: LOCATION, interaction_type: 'saved' }),
      () => jsonResponse(200, { id: LOCATION, is_favorite: true }),
    );
    const api = createLocationsApi(clientFor(stub));

    await expect(api.summary()).resolves.toMatchObject({ totalCalls: 0 });
    await expect(api.history(LOCATION)).resolves.toEqual({ location: { id: LOCATION }, calls: [] });
    await api.save({ place_search_result_id: 'plsr_1', favorite: true });
    await expect(api.toggleFavorite(LOCATION)).resolves.toMatchObject({ is_favorite: true });

    expect(stub.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['GET', '/api/users/locations/summary/', undefined],
      ['GET', `/api/users/locations/${LOCATION}/history/`, undefined],
      ['POST', '/api/users/locations/save/', { place_search_result_id: 'plsr_1', favorite: true }],
      ['POST', `/api/users/locations/${LOCATION}/toggle-favorite/`, undefined],
    ]);
    expect(stub.requests[3].headers['X-CSRFToken']).toBe('c1');
  });
});
