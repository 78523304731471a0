import type { QueryClient } from '@tanstack/react-query';
import type { ResourceApis } from '../api/resource-apis';
import type { ConsentControl } from '../features/consent/consent-control';
import type { ProductAnalytics } from '../features/tracking/product-analytics';
import type { RealtimeClient } from '../realtime/realtime-client';
import type { SessionGate } from './session-gate';

/**
 * What every route, loader and component can reach: the query cache, the product API's resources,
 * the realtime channel, the session (guards wait for it to be known), product analytics and the visitor's
 * analytics consent.
 */
export interface RouterContext {
  queryClient: QueryClient;
  apis: ResourceApis;
  realtime: RealtimeClient;
  session: SessionGate;
  analytics: ProductAnalytics;
  consent: ConsentControl;
}
