import { Alert, Button, Card, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconFilterOff, IconMapPinSearch } from '@tabler/icons-react';
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
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={52} radius="xl" variant="light">
          <IconMapPinSearch size={26} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {LOCATIONS_MESSAGES.empty}
        </Title>
        <Text c="dimmed" maw={420}>
          {LOCATIONS_MESSAGES.emptyHint}
        </Text>
        <ButtonLink to="/explore" mt="xs">
          {LOCATIONS_MESSAGES.explore}
        </ButtonLink>
      </Stack>
    </Paper>
  );
}

/** Locations exist, but none matches the filters. */
export function NoMatchingLocations({ onClear }: { onClear(): void }) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={52} radius="xl" variant="light" color="gray">
          <IconFilterOff size={26} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          No locations match these filters
        </Title>
        <Button variant="default" onClick={onClear} mt="xs">
          Show all locations
        </Button>
      </Stack>
    </Paper>
  );
}
