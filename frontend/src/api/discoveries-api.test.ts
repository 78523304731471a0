// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiStub, jsonResponse } from '../test/api-stub';
import { discovery, DISCOVERY_ID } from '../test/discovery-fixtures';
import { createDiscoveriesApi } from './discoveries-api';

describe('discovery API', () => {
  it('uses the spec paths, trailing slashes kept', async () => {
    const stub = new ApiStub()
      .on('POST', '/api/discoveries/', () => jsonResponse(201, discovery()))
      .on('GET', `/api/discoveries/${DISCOVERY_ID}/status/`, () => jsonResponse(200, discovery()))
      .on('GET', `/api/discoveries/${DISCOVERY_ID}/results/`, () =>
        jsonResponse(200, { ...discovery(), place_search_results: [] }),
      )
      .on('GET', '/api/discoveries/?status=completed', () => jsonResponse(200, { count: 0, results: [] }));
    const api = createDiscoveriesApi(stub.client());

    await api.create({ business_name: 'Pizza Palace', location: 'New York, NY' });
    await api.status(DISCOVERY_ID);
    await api.results(DISCOVERY_ID);
    await expect(api.list('completed')).resolves.toEqual({ count: 0, results: [] });

    expect(stub.calls()).toEqual([
      'POST /api/discoveries/',
      `GET /api/discoveries/${DISCOVERY_ID}/status/`,
      `GET /api/discoveries/${DISCOVERY_ID}/results/`,
      'GET /api/discoveries/?status=completed',
    ]);
    expect(stub.requests[0].body).toEqual({ business_name: 'Pizza Palace', location: 'New York, NY' });
    expect(stub.requests[0].headers['X-CSRFToken']).toBe('test-token');
  });
});
