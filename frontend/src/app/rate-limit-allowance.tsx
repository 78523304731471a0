import { Alert } from '@mantine/core';
import { IconGauge } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { rateLimitStatusQuery } from '../api/analytics-queries';
import { useAppServices } from './app-services';
import { lowAllowanceText } from './rate-limit-allowance-text';

/**
 * The caller's remaining requests, shown where searches and calls start once few are left (and after a 429,
 * which reads it again); nothing while the allowance is comfortable.
 */
export function RateLimitAllowance() {
  const { apis } = useAppServices();
  const status = useQuery(rateLimitStatusQuery(apis.analytics));
  const text = status.data ? lowAllowanceText(status.data) : null;
  if (!text) return null;
  return (
    <Alert role="status" variant="light" color="orange" icon={<IconGauge size={18} aria-hidden />} py="xs">
      {text}
    </Alert>
  );
}
