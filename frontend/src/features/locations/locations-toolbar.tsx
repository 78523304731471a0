import { Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import type { LocationFilters } from '../../api/locations-api';
import { INTERACTION_FILTERS, type InteractionFilter } from './location-filter';

const FILTER_LABELS: Record<InteractionFilter, string> = { all: 'All', called: 'Called', saved: 'Saved' };
const TYPE_OPTIONS = INTERACTION_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }));

interface LocationsToolbarProps {
  filters: LocationFilters;
  onChange(filters: LocationFilters): void;
}

/** The list's filters: how the user met the business, and favourites only. */
export function LocationsToolbar({ filters, onChange }: LocationsToolbarProps) {
  return (
    <Group gap="lg" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <Text id="location-type-filter" fz="sm" fw={500}>
          Show
        </Text>
        <SegmentedControl
          aria-labelledby="location-type-filter"
          data={TYPE_OPTIONS}
          value={filters.interactionType ?? 'all'}
          onChange={(value) =>
            onChange({ ...filters, interactionType: value === 'all' ? undefined : (value as LocationFilters['interactionType']) })
          }
        />
      </Stack>
      <Switch
        label="Favorites only"
        checked={filters.favoritesOnly === true}
        onChange={(event) => onChange({ ...filters, favoritesOnly: event.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}
