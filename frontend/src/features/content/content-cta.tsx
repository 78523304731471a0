import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCalendarEvent } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '../auth/auth-context';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { SUPPORT_EMAIL } from '../auth/support-contact';
import { CONTENT_MESSAGES } from './content-messages';

/**
 * Sends a visitor to `redirectTo` after signing up, or a signed-in user straight there. Each button that
 * uses it carries `data-cta` naming it, for click tracking.
 */
export function useSignUpOr(redirectTo: '/getting-started' | '/upgrade', source: string) {
  const { user } = useAuth();
  const dialog = useAuthDialog();
  const navigate = useNavigate();
  return (metadata?: Record<string, unknown>) => {
    if (user) void navigate({ to: redirectTo });
    else dialog.open('sign-up', { intent: { redirectTo, source, metadata } });
  };
}

const DEMO_MAIL = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Ringcheck demo')}&body=${encodeURIComponent(
  'Hello, I would like a short demo of Ringcheck for my business. Times that suit me:',
)}`;

/** The closing block of the comparison pages: 'Start Free Trial' and 'Schedule Demo'. */
export function ComparisonCallToAction({ location }: { location: string }) {
  const startTrial = useSignUpOr('/getting-started', `${location}_start_free_trial`);
  return (
    <Paper radius="xl" p={{ base: 'xl', sm: 48 }} bg="ringcheck.0" ta="center" component="section" aria-labelledby={`${location}-cta-title`}>
      <Stack align="center" gap="md">
        <Title order={2} id={`${location}-cta-title`} fz={{ base: 24, sm: 30 }}>
          Hear what your callers hear
        </Title>
        <Text c="gray.7" maw={520}>
          Start with the Free plan: 5 test calls a month, no card needed. Or ask us to walk you through a report.
        </Text>
        <Group justify="center" gap="sm">
          <Button size="md" rightSection={<IconArrowRight size={16} />} data-cta="start-free-trial" onClick={() => startTrial({ location })}>
            {CONTENT_MESSAGES.startFreeTrial}
          </Button>
          <Button size="md" variant="default" component="a" href={DEMO_MAIL} leftSection={<IconCalendarEvent size={16} />} data-cta="schedule-demo">
            {CONTENT_MESSAGES.scheduleDemo}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
