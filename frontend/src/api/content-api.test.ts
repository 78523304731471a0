import { describe, expect, it } from 'vitest';
import { ApiStub, jsonResponse } from '../test/api-stub';
import { type ContentServiceView, createContentApi } from './content-api';
import { createContentClient } from './content-client';

const queryUrl = (view: ContentServiceView, origin = 'https://app.example') => {
  const client = createContentClient(view, origin);
  return client.getUrl(client.getDataUrl('query', '?query=*'), client.config().useCdn);
};

describe('the content client', () => {
  it("targets Sanity's CDN for the configured project", () => {
    const view = { project_id: 'abc123xy', dataset: 'production', api_version: '2023-05-03', use_cdn: true, api_host: 'https://api.sanity.io' };
    expect(queryUrl(view)).toBe('https://abc123xy.apicdn.sanity.io/v2023-05-03/data/query/production?query=*');
    expect(queryUrl({ ...view, dataset: 'marketing' })).toBe('https://abc123xy.apicdn.sanity.io/v2023-05-03/data/query/marketing?query=*');
  });

  it("targets the product's own endpoint, on the app's origin, when there is no project", () => {
    const view = { project_id: null, dataset: 'production', api_version: '2023-05-03', use_cdn: true, api_host: '/api/content' };
    expect(queryUrl(view)).toBe('https://app.example/api/content/v2023-05-03/data/query/production?query=*');
  });

  it('reads the configuration once, and again after a failure', async () => {
    const view = { project_id: null, dataset: 'production', api_version: '2023-05-03', use_cdn: true, api_host: 'http://127.0.0.1:9/api/content' };
    const stub = new ApiStub().on(
      'GET',
      '/api/content/config/',
      () => jsonResponse(503, { error: 'service_unavailable', detail: 'Later.' }),
      () => jsonResponse(200, view),
    );
    const api = createContentApi(stub.client(), () => 'https://app.example');
    await expect(api.faqs()).rejects.toThrow('Later.');
    // Port 9 refuses the query itself; what matters here is that the configuration was asked for again, once.
    await Promise.allSettled([api.faqs(), api.plans()]);
    expect(stub.calls()).toEqual(['GET /api/content/config/', 'GET /api/content/config/']);
  });
});
