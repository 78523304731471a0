import { Alert, Button, Card, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { OnboardingStep } from '../../../api/users-api';
import { ONBOARDING_STEPS } from '../../../api/users-api';
import { AccountPage } from '../../../components/account-page';
import { guideFor, ONBOARDING_GUIDE } from '../onboarding-steps';
import { useOnboardingProgress, useSaveOnboardingProgress } from '../use-onboarding-progress';
import { ChecklistStep } from './checklist-step';
import { CongratulationsCard } from './congratulations-card';
import { HelpMeDecide } from './help-me-decide';

function GettingStartedLayout({ children }: { children: ReactNode }) {
  return (
    <AccountPage title="Getting Started" subtitle="Four steps from your first test call to a phone line that never misses a customer.">
      {children}
    </AccountPage>
  );
}

/** The checklist while its route loads the progress. */
export function GettingStartedLoading() {
  return (
    <GettingStartedLayout>
      <Stack gap="md" aria-label="Loading your getting started guide">
        <Skeleton h={56} radius="md" />
        {ONBOARDING_STEPS.map((step) => (
          <Skeleton key={step} h={104} radius="md" />
        ))}
      </Stack>
    </GettingStartedLayout>
  );
}

/** The checklist when the progress could not be loaded (spec section 2); Try again loads the route again. */
export function GettingStartedLoadFailed() {
  const router = useRouter();
  return (
    <GettingStartedLayout>
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Something went wrong" maw={640}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Unable to load your getting started guide</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void router.invalidate()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    </GettingStartedLayout>
  );
}

const saveFailed = (error: Error) => notifications.show({ color: 'red', title: 'Could not save your progress', message: error.message });

/** /getting-started: the four-step checklist with its progress (spec section 2). */
export function GettingStartedPage({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const { data: progress } = useOnboardingProgress(userId);
  const save = useSaveOnboardingProgress(userId);

  const complete = (step: OnboardingStep) => save.mutate({ completedSteps: [step] }, { onError: saveFailed });
  const skipGuide = () =>
    save.mutate({ isFirstTimeUser: false }, { onSuccess: () => void navigate({ to: '/calls' }), onError: saveFailed });

  if (!progress) return <GettingStartedLoading />;
  return (
    <GettingStartedLayout>
      <Stack gap="lg" maw={760}>
        <Card withBorder radius="md" padding="lg">
          <Stack gap={8}>
            <Group justify="space-between">
              <Text fw={600}>Your progress</Text>
              <Text size="sm" c="dimmed">
                {progress.completedSteps.length} of {ONBOARDING_STEPS.length} steps complete
              </Text>
            </Group>
            <Progress
              value={(progress.completedSteps.length / ONBOARDING_STEPS.length) * 100}
              size="lg"
              radius="xl"
              color={progress.currentStep === 'completed' ? 'teal' : 'ringcheck'}
              aria-label="Getting started progress"
            />
          </Stack>
        </Card>

        {progress.currentStep === 'completed' ? <CongratulationsCard /> : <HelpMeDecide next={guideFor(progress.currentStep)} />}

        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Getting started checklist">
          {ONBOARDING_GUIDE.map((guide, index) => (
            <ChecklistStep
              key={guide.step}
              guide={guide}
              number={index + 1}
              done={progress.completedSteps.includes(guide.step)}
              current={progress.currentStep === guide.step}
              saving={save.isPending && save.variables?.completedSteps?.[0] === guide.step}
              onMarkDone={() => complete(guide.step)}
            />
          ))}
        </Stack>

        {progress.currentStep !== 'completed' && progress.isFirstTimeUser && (
          <Group>
            <Button variant="subtle" color="gray" size="sm" onClick={skipGuide} loading={save.isPending && save.variables?.isFirstTimeUser === false}>
              Skip the guide for now
            </Button>
          </Group>
        )}
      </Stack>
    </GettingStartedLayout>
  );
}
