import type { QueryClient } from '@tanstack/react-query';
import type { ResourceApis } from '../api/resource-apis';
import type { PageViewSender } from '../features/tracking/use-page-view-tracking';
import type { RealtimeClient } from '../realtime/realtime-client';
import type { SessionGate } from './session-gate';

/**
 * What every route, loader and component can reach: the query cache, the product API's resources,
 * the realtime channel, the session (guards wait for it to be known) and where page views are sent.
 */
export interface RouterContext {
  queryClient: QueryClient;
  apis: ResourceApis;
  realtime: RealtimeClient;
  session: SessionGate;
  trackPageView: PageViewSender;
}
