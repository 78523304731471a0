import { Button, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconSearch, IconSearchOff } from '@tabler/icons-react';
import { failureReasons, SEARCH_TIPS } from '../no-results-copy';

interface NoResultsProps {
  /** True when the discovery failed, false when it found nothing. */
  failed: boolean;
  /** The server's failure message, shown first. */
  message: string | null;
  reason: string | null;
  onSearchAgain(): void;
}

/** No businesses: why that may be, how to search better, and a way back to the form. */
export function NoResults({ failed, message, reason, onSearchAgain }: NoResultsProps) {
  const reasons = failureReasons(message, reason);
  return (
    <Card withBorder radius="lg" padding="xl" maw={720} mx="auto" w="100%">
      <Stack gap="md">
        <ThemeIcon size={48} radius="xl" variant="light" color={failed ? 'orange' : 'gray'}>
          {failed ? <IconAlertTriangle size={26} /> : <IconSearchOff size={26} />}
        </ThemeIcon>
        <Title order={2} fz="h3">
          {failed ? "Search couldn't be completed" : 'No businesses found'}
        </Title>
        <div>
          <Text fw={600} mb={6}>
            {failed ? 'What happened' : 'This can happen when:'}
          </Text>
          <List spacing={4} fz="sm">
            {reasons.map((item, index) => (
              <List.Item key={item}>
                <Text span fz="sm" fw={index === 0 && message ? 600 : undefined}>
                  {item}
                </Text>
              </List.Item>
            ))}
          </List>
        </div>
        <div>
          <Text fw={600} mb={6}>
            Tips for a better search
          </Text>
          <List spacing={4} fz="sm">
            {SEARCH_TIPS.map((tip) => (
              <List.Item key={tip}>{tip}</List.Item>
            ))}
          </List>
        </div>
        <Button leftSection={<IconSearch size={16} />} onClick={onSearchAgain} w="fit-content">
          Search again
        </Button>
      </Stack>
    </Card>
  );
}
