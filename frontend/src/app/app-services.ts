import { useRouter } from '@tanstack/react-router';
import type { RouterContext } from './router-context';

/** The connections features talk through, from the router context loaders use too. */
export type AppServices = Pick<RouterContext, 'apis' | 'realtime' | 'analytics' | 'consent'>;

export function useAppServices(): AppServices {
  return useRouter().options.context;
}
