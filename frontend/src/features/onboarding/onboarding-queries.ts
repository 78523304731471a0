import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/api-client';
import { createUsersApi, type OnboardingProgress, type OnboardingProgressUpdate } from '../../api/users-api';
import { useAppServices } from '../../app/app-services';

export const onboardingProgressKey = (userId: string | null) => ['users', userId, 'onboarding-progress'] as const;

/** The signed-in user's checklist; always read fresh, since calls and searches change it on the server. */
export const onboardingProgressQuery = (api: ApiClient, userId: string | null) =>
  queryOptions({
    queryKey: onboardingProgressKey(userId),
    queryFn: () => createUsersApi(api).onboardingProgress(),
    staleTime: 0,
    enabled: userId !== null,
  });

/** Saves completed steps or dismisses the guide; the answer is the new progress. */
export function useSaveOnboardingProgress(userId: string | null) {
  const { api } = useAppServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: OnboardingProgressUpdate) => createUsersApi(api).saveOnboardingProgress(update),
    onSuccess: (progress: OnboardingProgress) => queryClient.setQueryData(onboardingProgressKey(userId), progress),
  });
}
