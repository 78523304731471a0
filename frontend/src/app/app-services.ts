import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/api-client';
import type { RealtimeClient } from '../realtime/realtime-client';

/** The connections features talk through: the product API and the realtime channel. */
export interface AppServices {
  api: ApiClient;
  realtime: RealtimeClient;
}

export const AppServicesContext = createContext<AppServices | null>(null);

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices needs AppProviders with an apiClient and a realtimeClient');
  return services;
}
