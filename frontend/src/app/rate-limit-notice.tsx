import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RATE_LIMIT_EVENT, type RateLimitEventDetail } from '../api/api-client';
import { rateLimitStatusKey } from '../api/analytics-queries';
import { rateLimitedText } from './rate-limit-allowance-text';

/** Turns the API client's rate-limit event into one toast at a time, and has the shown allowance read again. */
export function RateLimitNotice() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const show = (event: Event) => {
      const { retryAfter } = (event as CustomEvent<RateLimitEventDetail>).detail;
      notifications.show({
        id: 'rate-limit',
        color: 'orange',
        title: 'Too many requests',
        message: rateLimitedText(retryAfter, Date.now()),
      });
      void queryClient.invalidateQueries({ queryKey: rateLimitStatusKey });
    };
    window.addEventListener(RATE_LIMIT_EVENT, show);
    return () => window.removeEventListener(RATE_LIMIT_EVENT, show);
  }, [queryClient]);
  return null;
}
