import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingProgressUpdate } from '../../api/users-api';
import { onboardingProgressKey, onboardingProgressQuery } from '../../api/users-queries';
import { useAppServices } from '../../app/app-services';
import { useLiveQuery } from '../../realtime/use-live-query';

/** Read-model changes that can move the checklist: the user's own ticks, calls and searches. */
const PROGRESS_PROJECTIONS = new Set(['onboarding', 'calls', 'discoveries']);

/** The user's checklist (their route loaded it), read again whenever their room says it may have moved. */
export function useOnboardingProgress(userId: string) {
  const { apis } = useAppServices();
  return useLiveQuery({
    query: onboardingProgressQuery(apis.users, userId),
    room: `user:${userId}`,
    onPush: (message) => (PROGRESS_PROJECTIONS.has(message.projection) ? 'refetch' : null),
  });
}

/** Saves completed steps or dismisses the guide; the answer is the new progress. */
export function useSaveOnboardingProgress(userId: string) {
  const { apis } = useAppServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: OnboardingProgressUpdate) => apis.users.saveOnboardingProgress(update),
    onSuccess: (progress) => queryClient.setQueryData(onboardingProgressKey(userId), progress),
  });
}
