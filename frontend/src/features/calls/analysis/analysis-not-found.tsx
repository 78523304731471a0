import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconFileSearch } from '@tabler/icons-react';
import { CALL_MESSAGES } from '../call-messages';
import { ButtonLink } from '../components/button-link';

/** No analysis to show (spec section 2): still processing, not the visitor's, or no such call. */
export function AnalysisNotFound() {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={52} radius="xl" variant="light" color="gray">
          <IconFileSearch size={26} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {CALL_MESSAGES.analysisNotFound}
        </Title>
        <Text c="dimmed">{CALL_MESSAGES.analysisNotFoundHint}</Text>
        <ButtonLink to="/calls" mt="sm" leftSection={<IconArrowLeft size={16} />}>
          {CALL_MESSAGES.backToCalls}
        </ButtonLink>
      </Stack>
    </Paper>
  );
}
