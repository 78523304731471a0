import { queryOptions } from '@tanstack/react-query';
import type { PlansApi } from './plans-api';

export const planUsageKey = ['plan', 'usage'] as const;

/** The user's plan and this month's usage; every call started changes it, so it is read again on each visit. */
export const planUsageQuery = (api: PlansApi) => queryOptions({ queryKey: planUsageKey, queryFn: () => api.usage(), staleTime: 0 });
