import { queryOptions } from '@tanstack/react-query';
import type { UsersApi } from './users-api';

export const onboardingProgressKey = (userId: string) => ['users', userId, 'onboarding-progress'] as const;

/** The signed-in user's checklist; the user's room says when calls, searches or ticks change it. */
export const onboardingProgressQuery = (api: UsersApi, userId: string) =>
  queryOptions({ queryKey: onboardingProgressKey(userId), queryFn: () => api.onboardingProgress() });
