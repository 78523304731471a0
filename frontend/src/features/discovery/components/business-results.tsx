import { Alert, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import type { DiscoverySearchState, DiscoverySource } from '../discovery-search-state';
import { useStartCall } from '../use-start-call';
import { BusinessCard } from './business-card';
import { NoResults } from './no-results';
import { ResultsLoading } from './results-loading';

interface BusinessResultsProps {
  state: DiscoverySearchState;
  source: DiscoverySource;
  onSearchAgain(): void;
  /** Explore calls only businesses of a discovery. */
  requireDiscoveryId?: boolean;
}

export const countLine = (count: number): string => `${count} ${count === 1 ? 'business' : 'businesses'} found`;

/** The one results area of home and Explore: loading, results, nothing found, or failed. */
export function BusinessResults({ state, source, onSearchAgain, requireDiscoveryId = false }: BusinessResultsProps) {
  const demo = state.phase === 'results' && state.demo === true;
  const calls = useStartCall({
    source,
    searchQuery: state.phase === 'idle' ? '' : state.query.businessName,
    demo,
    requireDiscoveryId,
  });

  switch (state.phase) {
    case 'idle':
      return null;
    case 'searching':
      return (
        <ResultsLoading location={state.query.location} startedAt={state.startedAt} stillProcessing={state.stillProcessing} />
      );
    case 'failed':
      return <NoResults failed message={state.message} reason={state.reason} onSearchAgain={onSearchAgain} />;
    case 'status-error':
      if (!state.message) return null;
      return (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={state.message}
          maw={720}
          mx="auto"
          w="100%"
        >
          <Button mt="xs" size="xs" variant="white" color="red" leftSection={<IconSearch size={14} />} onClick={onSearchAgain}>
            Search again
          </Button>
        </Alert>
      );
    case 'results':
      if (state.results.length === 0)
        return <NoResults failed={false} message={null} reason={null} onSearchAgain={onSearchAgain} />;
      return (
        <Stack gap="lg">
          <div>
            <Text fz="sm" fw={600} c="ringcheck.8" tt="uppercase" lts={0.5}>
              {countLine(state.results.length)}
            </Text>
            <Title order={2} fz={{ base: 'h3', sm: 'h2' }} mt={4}>
              Is this your business?
            </Title>
            <Text c="dimmed" mt={4}>
              Our AI will call your business, act like a real customer, and get insights for you.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {state.results.map((business, index) => (
              <BusinessCard
                key={business.id}
                business={business}
                demo={demo}
                starting={calls.startingBusinessId === business.id}
                disabled={calls.startingBusinessId !== null}
                onStartCall={() => calls.start(business, index + 1)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      );
  }
}
