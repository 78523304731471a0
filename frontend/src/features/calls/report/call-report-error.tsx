import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { CALL_MESSAGES } from '../call-messages';

interface CallReportErrorProps {
  title: string;
  message: string;
  onRetry?: () => void;
}

/** The report page's error state, with 'Back to Home' and 'Try Again'. */
export function CallReportError({ title, message, onRetry }: CallReportErrorProps) {
  return (
    <Paper withBorder radius="lg" p="xl" role="alert">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={52} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={26} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Text c="dimmed" maw={460}>
          {message}
        </Text>
        <Group mt="sm">
          <Button component={Link} to="/" variant="default" leftSection={<IconArrowLeft size={16} />}>
            {CALL_MESSAGES.backToHome}
          </Button>
          {onRetry && (
            <Button onClick={onRetry} leftSection={<IconRefresh size={16} />}>
              {CALL_MESSAGES.tryAgain}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
