import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { RATE_LIMIT_EVENT, type RateLimitEventDetail } from '../api/api-client';

/** Turns the API client's rate-limit event into one toast at a time. */
export function RateLimitNotice() {
  useEffect(() => {
    const show = (event: Event) => {
      const { retryAfter } = (event as CustomEvent<RateLimitEventDetail>).detail;
      notifications.show({
        id: 'rate-limit',
        color: 'orange',
        title: 'Too many requests',
        message: retryAfter ? `Please wait ${retryAfter} seconds and try again.` : 'Please wait a moment and try again.',
      });
    };
    window.addEventListener(RATE_LIMIT_EVENT, show);
    return () => window.removeEventListener(RATE_LIMIT_EVENT, show);
  }, []);
  return null;
}
