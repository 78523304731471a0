import { Card, Group, Loader, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DISCOVERY_MESSAGES } from '../discovery-messages';
import { SEARCH_PLACEHOLDER_CARDS } from '../discovery-constants';
import { progressMessage } from '../progress-message';
import { useElapsedSeconds } from './use-elapsed-seconds';

interface ResultsLoadingProps {
  location: string;
  startedAt: number;
  stillProcessing: boolean;
}

function PlaceholderCard() {
  return (
    <Card withBorder padding="lg" radius="lg" data-testid="placeholder-card" aria-hidden>
      <Stack gap="sm">
        <Skeleton height={20} width="70%" radius="sm" />
        <Skeleton height={12} width="35%" radius="sm" />
        <Skeleton height={12} mt="sm" radius="sm" />
        <Skeleton height={12} width="55%" radius="sm" />
        <Skeleton height={12} width="45%" radius="sm" />
        <Skeleton height={36} mt="md" radius="md" />
      </Stack>
    </Card>
  );
}

/** The search running: what is happening, how far along, and placeholder cards. */
export function ResultsLoading({ location, startedAt, stillProcessing }: ResultsLoadingProps) {
  const elapsed = useElapsedSeconds(startedAt);
  return (
    <Stack gap="lg" aria-busy>
      <div>
        <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
          Searching for businesses...
        </Title>
        <Text c="dimmed" mt={4}>
          We're analyzing businesses in {location}. This may take a few moments.
        </Text>
        <Group gap="xs" mt="sm" role="status">
          <Loader size="xs" />
          <Text fz="sm" fw={500} c="ringcheck.8">
            {progressMessage(elapsed)}
          </Text>
        </Group>
        {stillProcessing && (
          <Text fz="sm" c="dimmed" mt={4}>
            {DISCOVERY_MESSAGES.stillProcessingMessage}
          </Text>
        )}
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {Array.from({ length: SEARCH_PLACEHOLDER_CARDS }, (_, index) => (
          <PlaceholderCard key={index} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
