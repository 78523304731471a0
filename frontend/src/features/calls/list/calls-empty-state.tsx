import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFilterOff, IconPhonePlus } from '@tabler/icons-react';
import { CALL_MESSAGES } from '../call-messages';
import { ButtonLink } from '../components/button-link';

/** No calls at all: start one. */
export function NoCallsYet() {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={52} radius="xl" variant="light">
          <IconPhonePlus size={26} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {CALL_MESSAGES.noCallsYet}
        </Title>
        <Text c="dimmed" maw={420}>
          Place a test call to a business and its report will be listed here.
        </Text>
        <ButtonLink to="/" search={{ action: 'new-call' }} mt="xs" leftSection={<IconPhonePlus size={16} />}>
          {CALL_MESSAGES.newCall}
        </ButtonLink>
      </Stack>
    </Paper>
  );
}

/** Calls exist, but none matches the search and filter. */
export function NoMatchingCalls({ onClear }: { onClear: () => void }) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={52} radius="xl" variant="light" color="gray">
          <IconFilterOff size={26} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {CALL_MESSAGES.noCallsMatch}
        </Title>
        <Text c="dimmed">Try another search, or show calls of every status.</Text>
        <Button variant="default" onClick={onClear} mt="xs">
          Clear filters
        </Button>
      </Stack>
    </Paper>
  );
}
