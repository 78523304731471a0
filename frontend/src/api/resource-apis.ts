import { type AnalyticsApi, createAnalyticsApi } from './analytics-api';
import type { ApiClient } from './api-client';
import { type AuthApi, createAuthApi } from './auth-api';
import { type CallsApi, createCallsApi } from './calls-api';
import { type ContentApi, createContentApi } from './content-api';
import { type ConversionApi, createConversionApi } from './conversion-api';
import { createDiscoveriesApi, type DiscoveriesApi } from './discoveries-api';
import { createLocationsApi, type LocationsApi } from './locations-api';
import { createPlansApi, type PlansApi } from './plans-api';
import { createUsersApi, type UsersApi } from './users-api';

/** Every resource of the product API, over one client. */
export interface ResourceApis {
  analytics: AnalyticsApi;
  auth: AuthApi;
  calls: CallsApi;
  content: ContentApi;
  conversion: ConversionApi;
  discoveries: DiscoveriesApi;
  locations: LocationsApi;
  plans: PlansApi;
  users: UsersApi;
}

export function createResourceApis(client: ApiClient): ResourceApis {
  return {
    analytics: createAnalyticsApi(client),
    auth: createAuthApi(client),
    calls: createCallsApi(client),
    content: createContentApi(client),
    conversion: createConversionApi(client),
    discoveries: createDiscoveriesApi(client),
    locations: createLocationsApi(client),
    plans: createPlansApi(client),
    users: createUsersApi(client),
  };
}
