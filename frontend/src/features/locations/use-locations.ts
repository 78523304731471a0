import type { Location, LocationFilters } from '../../api/locations-api';
import { locationsListQuery } from '../../api/locations-queries';
import { useAppServices } from '../../app/app-services';
import { useLiveQuery } from '../../realtime/use-live-query';
import { foldLocationPush } from './location-list';

/** The user's locations under `filters`, kept current by the user's room (a call, a save, a favourite). */
export function useLocations(userId: string, filters: LocationFilters) {
  const { apis } = useAppServices();
  return useLiveQuery({
    query: locationsListQuery(apis.locations, filters),
    room: `user:${userId}`,
    onPush: (message, current: Location[] | undefined) => {
      const next = current && foldLocationPush(current, message, filters);
      return next ? { data: next } : null;
    },
  });
}
