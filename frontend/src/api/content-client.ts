import { createClient, type SanityClient } from '@sanity/client';
import type { ContentServiceView } from '@ringcheck/projections/contract';

/**
 * A @sanity/client for where the server says the content is: Sanity's CDN for a project
 * (`https://<project>.apicdn.sanity.io/v2023-05-03/data/query/<dataset>`), or the product's own endpoint
 * with the same URL shape under `api_host` (a path on `origin`). One build works both ways.
 */
export function createContentClient(view: ContentServiceView, origin: string): SanityClient {
  const common = {
    dataset: view.dataset,
    apiVersion: view.api_version,
    useCdn: view.use_cdn,
    // Failures are retried by the query cache, which also drives the page's loading state.
    maxRetries: 0,
  };
  if (view.project_id) return createClient({ ...common, projectId: view.project_id, apiHost: view.api_host });
  return createClient({ ...common, apiHost: new URL(view.api_host, origin).href.replace(/\/+$/, ''), useProjectHostname: false });
}
