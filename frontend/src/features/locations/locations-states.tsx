import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFilterOff, IconMapPinSearch } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state';
import { ButtonLink } from '../calls/components/button-link';
import { LOCATION_PLACEHOLDER_CARDS, LOCATIONS_MESSAGES } from './locations-messages';

/** The grid of My Locations: 1, 2 or 3 columns by width. */
export const LOCATION_GRID_COLS = { base: 1, sm: 2, lg: 3 } as const;

function PlaceholderCard() {
  return (
    <Card withBorder padding="lg" radius="lg" data-testid="location-placeholder">
      <Stack gap="sm">
        <Skeleton height={20} width="65%" radius="sm" />
        <Skeleton height={12} width="85%" radius="sm" />
        <Skeleton height={18} width="40%" radius="sm" />
        <Skeleton height={12} width="50%" radius="sm" />
        <Skeleton height={12} width="35%" radius="sm" />
      </Stack>
    </Card>
  );
}

/** Six placeholder cards while the locations load (spec section 2). */
export function LocationsLoading() {
  return (
    <SimpleGrid cols={LOCATION_GRID_COLS} spacing="lg" aria-busy="true" aria-label="Loading locations" role="region">
      {Array.from({ length: LOCATION_PLACEHOLDER_CARDS }, (_, index) => (
        <PlaceholderCard key={index} />
      ))}
    </SimpleGrid>
  );
}

export function LocationsLoadFailed({ onRetry }: { onRetry(): void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{LOCATIONS_MESSAGES.loadFailed}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}

/** No locations at all: explore businesses. */
export function NoLocationsYet() {
  return (
    <EmptyState
      icon={<IconMapPinSearch size={26} />}
      title={LOCATIONS_MESSAGES.empty}
      hint={LOCATIONS_MESSAGES.emptyHint}
      action={
        <ButtonLink to="/explore" mt="xs">
          {LOCATIONS_MESSAGES.explore}
        </ButtonLink>
      }
    />
  );
}

/** Locations exist, but none matches the filters. */
export function NoMatchingLocations({ onClear }: { onClear(): void }) {
  return (
    <EmptyState
      icon={<IconFilterOff size={26} />}
      color="gray"
      title="No locations match these filters"
      action={
        <Button variant="default" onClick={onClear} mt="xs">
          Show all locations
        </Button>
      }
    />
  );
}
