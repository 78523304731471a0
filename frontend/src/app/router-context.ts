import type { QueryClient } from '@tanstack/react-query';
import type { PageViewSender } from '../features/tracking/use-page-view-tracking';

/** What every route can reach: the query cache for loaders, and where page views are sent. */
export interface RouterContext {
  queryClient: QueryClient;
  trackPageView: PageViewSender;
}
