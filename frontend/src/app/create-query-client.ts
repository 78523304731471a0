import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';

/** Client errors (4xx) are answers, not glitches: they are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
