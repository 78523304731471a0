import { SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import type { Location, LocationFilters } from '../../api/locations-api';
import { AccountPage } from '../../components/account-page';
import type { LiveQuery } from '../../realtime/use-live-query';
import { useMilestone } from '../tracking/use-milestone';
import { LocationCard, selectButtonId } from './location-card';
import { LocationHistoryPanel } from './location-history-panel';
import { LocationsToolbar } from './locations-toolbar';
import { LOCATION_GRID_COLS, LocationsLoadFailed, LocationsLoading, NoLocationsYet, NoMatchingLocations } from './locations-states';
import { LOCATIONS_MESSAGES } from './locations-messages';
import { useLocations } from './use-locations';
import { useToggleFavorite } from './use-toggle-favorite';

const HISTORY_ID = 'location-history';

const isFiltered = (filters: LocationFilters) => filters.interactionType !== undefined || filters.favoritesOnly === true;

interface LocationListProps {
  locations: LiveQuery<Location[]>;
  filtered: boolean;
  onClearFilters(): void;
  selectedId: string | null;
  onSelect(location: Location): void;
}

/** The list in each of its states (spec section 2): placeholders, the error, empty, or the grid of cards. */
function LocationList({ locations, filtered, onClearFilters, selectedId, onSelect }: LocationListProps) {
  const toggleFavorite = useToggleFavorite();
  if (locations.isPending) return <LocationsLoading />;
  if (locations.isError) return <LocationsLoadFailed onRetry={() => void locations.refetch()} />;
  if (locations.data.length === 0) return filtered ? <NoMatchingLocations onClear={onClearFilters} /> : <NoLocationsYet />;
  return (
    <SimpleGrid cols={LOCATION_GRID_COLS} spacing="lg">
      {locations.data.map((location) => (
        <LocationCard
          key={location.id}
          location={location}
          selected={location.id === selectedId}
          onSelect={() => onSelect(location)}
          onToggleFavorite={() => toggleFavorite(location.id)}
          historyId={HISTORY_ID}
        />
      ))}
    </SimpleGrid>
  );
}

interface MyLocationsPageProps {
  userId: string;
  filters: LocationFilters;
  onFiltersChange(filters: LocationFilters): void;
}

/** /locations: the businesses the user called or saved, their favourites, and each one's calls over time (spec section 2). */
export function MyLocationsPage({ userId, filters, onFiltersChange }: MyLocationsPageProps) {
  const locations = useLocations(userId, filters);
  useMilestone('first_location', locations.data && locations.data.length > 0 ? locations.data.length : null);
  const [selected, setSelected] = useState<Location | null>(null);
  // The list's copy is the current one; a location the filters hide keeps its history open.
  const shownSelected = selected && (locations.data?.find((location) => location.id === selected.id) ?? selected);

  const toggleSelected = (location: Location) => setSelected(selected?.id === location.id ? null : location);
  const closeHistory = () => {
    if (selected) document.getElementById(selectButtonId(selected.id))?.focus();
    setSelected(null);
  };

  return (
    <AccountPage title={LOCATIONS_MESSAGES.title} subtitle={LOCATIONS_MESSAGES.subtitle}>
      <LocationsToolbar filters={filters} onChange={onFiltersChange} />
      <LocationList
        locations={locations}
        filtered={isFiltered(filters)}
        onClearFilters={() => onFiltersChange({})}
        selectedId={selected?.id ?? null}
        onSelect={toggleSelected}
      />
      {shownSelected && <LocationHistoryPanel userId={userId} location={shownSelected} id={HISTORY_ID} onClose={closeHistory} />}
    </AccountPage>
  );
}
