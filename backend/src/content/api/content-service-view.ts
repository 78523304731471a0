import type { ContentServiceView } from '@ringcheck/projections';
import type { AppConfig } from '../../infrastructure/config';

/** The query API version the web app and the content documents are written against (spec section 7). */
export const CONTENT_API_VERSION = '2023-05-03';

/** Where this server answers GROQ queries, on its own origin. */
export const LOCAL_CONTENT_API_HOST = '/api/content';

export function contentServiceView(config: AppConfig['content']): ContentServiceView {
  return {
    project_id: config.sanityProjectId ?? null,
    dataset: config.dataset,
    api_version: CONTENT_API_VERSION,
    use_cdn: true,
    api_host: config.sanityProjectId ? config.sanityApiHost : LOCAL_CONTENT_API_HOST,
  };
}
