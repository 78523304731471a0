import { queryOptions } from '@tanstack/react-query';
import { ApiError } from './api-error';
import type { ContentApi } from './content-api';

/** Marketing content changes rarely: a visit reads it once. */
const CONTENT_STALE_MS = 5 * 60_000;

/** A refused query (4xx from the API or the content service) is an answer; anything else is tried twice more. */
function retryContent(failures: number, error: unknown): boolean {
  const status = error instanceof ApiError ? error.status : (error as { statusCode?: unknown } | null)?.statusCode;
  return !(typeof status === 'number' && status >= 400 && status < 500) && failures < 2;
}

const contentQuery = <T>(key: readonly unknown[], load: () => Promise<T>) =>
  queryOptions({ queryKey: ['content', ...key], queryFn: load, staleTime: CONTENT_STALE_MS, retry: retryContent });

export const faqsQuery = (api: ContentApi) => contentQuery(['faq'], () => api.faqs());
export const plansQuery = (api: ContentApi) => contentQuery(['pricing'], () => api.plans());
export const comparisonsQuery = (api: ContentApi) => contentQuery(['comparison'], () => api.comparisons());
export const comparisonQuery = (api: ContentApi, slug: string) => contentQuery(['comparison', slug], () => api.comparison(slug));
