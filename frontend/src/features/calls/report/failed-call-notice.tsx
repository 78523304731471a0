import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPhoneOff } from '@tabler/icons-react';
import type { Call } from '../../../api/calls-api';
import { CALL_MESSAGES } from '../call-messages';
import { ButtonLink } from '../components/button-link';

/** The failed card (spec section 8): the call's error message, or the spec's fallback text. */
export function FailedCallNotice({ call }: { call: Call }) {
  return (
    <Paper radius="md" p="lg" bg="red.0" style={{ border: '1px solid var(--mantine-color-red-2)' }} role="alert" aria-label="Call failed">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon color="red" size={40} radius="xl" variant="light" style={{ flex: 'none' }}>
          <IconPhoneOff size={20} />
        </ThemeIcon>
        <Stack gap={6}>
          <Text fw={700}>The test call did not go through</Text>
          <Text fz="sm">{call.error_message || CALL_MESSAGES.failedFallback}</Text>
          <Group mt={4}>
            <ButtonLink to="/" search={{ action: 'new-call' }} color="red" variant="light" size="xs">
              {CALL_MESSAGES.tryAgain}
            </ButtonLink>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
