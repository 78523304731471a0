import { ActionIcon, Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPhoneCall, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { Location } from '../../api/locations-api';
import { useCallStarter } from '../discovery/use-start-call';
import { locationCallTarget } from './location-display';
import { LocationHistoryChart } from './location-history-chart';
import { LocationHistoryTable } from './location-history-table';
import { useLocationHistory } from './use-location-history';

interface LocationHistoryPanelProps {
  userId: string;
  /** The selected location, as the list shows it now (or showed it last). */
  location: Location;
  id: string;
  onClose(): void;
}

function CallAgainButton({ location }: { location: Location }) {
  const { start, startingBusinessId } = useCallStarter();
  const target = locationCallTarget(location);
  const name = location.place_search_result.name;
  return (
    <Button
      leftSection={<IconPhoneCall size={16} />}
      disabled={!target}
      loading={target !== null && startingBusinessId === target.businessId}
      onClick={() => target && start(target, name)}
    >
      Call again
    </Button>
  );
}

function HistoryBody({ userId, location }: { userId: string; location: Location }) {
  const history = useLocationHistory(userId, location.id);
  const name = location.place_search_result.name;
  const tableId = `location-history-table-${location.id}`;
  if (history.isPending) return <Skeleton height={220} radius="md" aria-label="Loading the call history" />;
  if (history.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The call history could not be loaded">
        <Button size="xs" variant="light" color="red" onClick={() => void history.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  const { calls } = history.data;
  if (calls.length === 0) return <Text c="dimmed">No calls to {name} yet. Call it to see how quickly it answers.</Text>;
  return (
    <Stack gap="md">
      <Title order={3} fz="h5">
        Time to answer
      </Title>
      <LocationHistoryChart calls={calls} tableId={tableId} />
      <LocationHistoryTable calls={calls} id={tableId} businessName={name} />
    </Stack>
  );
}

/** The selected location's calls over time: how fast and how each was answered, and a way to call again. */
export function LocationHistoryPanel({ userId, location, id, onClose }: LocationHistoryPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const name = location.place_search_result.name;
  const noTarget = locationCallTarget(location) === null;

  // Opening a location takes the reader to its history.
  useEffect(() => {
    heading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [location.id]);

  return (
    <Paper withBorder radius="lg" p="lg" component="section" id={id} aria-labelledby={`${id}-title`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} fz="h3" id={`${id}-title`} ref={heading} tabIndex={-1} style={{ outline: 'none', scrollMarginTop: 96 }}>
              {name}: call history
            </Title>
            {noTarget && (
              <Text fz="sm" c="dimmed">
                There is no number to call for this business.
              </Text>
            )}
          </div>
          <Group gap="xs" wrap="nowrap">
            <CallAgainButton location={location} />
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Close call history" onClick={onClose}>
              <IconX size={18} />
            </ActionIcon>
          </Group>
        </Group>
        <HistoryBody userId={userId} location={location} />
      </Stack>
    </Paper>
  );
}
