import { createFileRoute } from '@tanstack/react-router';
import type { LocationFilters } from '../../api/locations-api';
import { filtersOf, searchOf, validateLocationsSearch } from '../../features/locations/location-filter';
import { MyLocationsPage } from '../../features/locations/my-locations-page';

/**
 * No loader: the page shows its own placeholders and error (spec section 2), and its filters stay on
 * screen while another list loads.
 */
export const Route = createFileRoute('/_authenticated/locations')({
  validateSearch: validateLocationsSearch,
  component: LocationsRoute,
});

function LocationsRoute() {
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const changeFilters = (filters: LocationFilters) => void navigate({ search: searchOf(filters), replace: true });
  return <MyLocationsPage userId={user.id} filters={filtersOf(search)} onFiltersChange={changeFilters} />;
}
