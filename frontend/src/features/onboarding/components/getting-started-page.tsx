import { Alert, Button, Card, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { OnboardingStep } from '../../../api/users-api';
import { ONBOARDING_STEPS } from '../../../api/users-api';
import { useAppServices } from '../../../app/app-services';
import { AccountPage } from '../../../components/account-page';
import { useRealtimeRoom } from '../../../realtime/use-realtime-room';
import { useAuth } from '../../auth/auth-context';
import { onboardingProgressKey, onboardingProgressQuery, useSaveOnboardingProgress } from '../onboarding-queries';
import { guideFor, ONBOARDING_GUIDE } from '../onboarding-steps';
import { ChecklistStep } from './checklist-step';
import { CongratulationsCard } from './congratulations-card';
import { HelpMeDecide } from './help-me-decide';

/** Read-model changes that can move the checklist: the user's own ticks, calls and searches. */
const PROGRESS_PROJECTIONS = new Set(['onboarding', 'calls', 'discoveries']);

/** /getting-started: the four-step checklist with its progress (spec section 2). */
export function GettingStartedPage() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { api, realtime } = useAppServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const progressQuery = useQuery(onboardingProgressQuery(api, userId));
  const save = useSaveOnboardingProgress(userId);

  useRealtimeRoom(
    realtime,
    userId ? `user:${userId}` : null,
    useCallback(
      (message) => {
        if (PROGRESS_PROJECTIONS.has(message.projection)) void queryClient.invalidateQueries({ queryKey: onboardingProgressKey(userId) });
      },
      [queryClient, userId],
    ),
  );

  const complete = (step: OnboardingStep) =>
    save.mutate(
      { completedSteps: [step] },
      { onError: (error) => notifications.show({ color: 'red', title: 'Could not save your progress', message: error.message }) },
    );

  const skipGuide = () =>
    save.mutate(
      { isFirstTimeUser: false },
      {
        onSuccess: () => void navigate({ to: '/calls' }),
        onError: (error) => notifications.show({ color: 'red', title: 'Could not save your progress', message: error.message }),
      },
    );

  return (
    <AccountPage title="Getting Started" subtitle="Four steps from your first test call to a phone line that never misses a customer.">
      {progressQuery.isPending ? (
        <Stack gap="md" aria-label="Loading your getting started guide">
          <Skeleton h={56} radius="md" />
          {ONBOARDING_STEPS.map((step) => (
            <Skeleton key={step} h={104} radius="md" />
          ))}
        </Stack>
      ) : progressQuery.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Something went wrong" maw={640}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Unable to load your getting started guide</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void progressQuery.refetch()} loading={progressQuery.isFetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="lg" maw={760}>
          <Card withBorder radius="md" padding="lg">
            <Stack gap={8}>
              <Group justify="space-between">
                <Text fw={600}>Your progress</Text>
                <Text size="sm" c="dimmed">
                  {progressQuery.data.completedSteps.length} of {ONBOARDING_STEPS.length} steps complete
                </Text>
              </Group>
              <Progress
                value={(progressQuery.data.completedSteps.length / ONBOARDING_STEPS.length) * 100}
                size="lg"
                radius="xl"
                color={progressQuery.data.currentStep === 'completed' ? 'teal' : 'ringcheck'}
                aria-label="Getting started progress"
              />
            </Stack>
          </Card>

          {progressQuery.data.currentStep === 'completed' ? (
            <CongratulationsCard />
          ) : (
            <HelpMeDecide next={guideFor(progressQuery.data.currentStep)} />
          )}

          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Getting started checklist">
            {ONBOARDING_GUIDE.map((guide, index) => (
              <ChecklistStep
                key={guide.step}
                guide={guide}
                number={index + 1}
                done={progressQuery.data.completedSteps.includes(guide.step)}
                current={progressQuery.data.currentStep === guide.step}
                saving={save.isPending && save.variables?.completedSteps?.[0] === guide.step}
                onMarkDone={() => complete(guide.step)}
              />
            ))}
          </Stack>

          {progressQuery.data.currentStep !== 'completed' && progressQuery.data.isFirstTimeUser && (
            <Group>
              <Button variant="subtle" color="gray" size="sm" onClick={skipGuide} loading={save.isPending && save.variables?.isFirstTimeUser === false}>
                Skip the guide for now
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </AccountPage>
  );
}
