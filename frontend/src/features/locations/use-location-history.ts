import { useMemo } from 'react';
import { locationHistoryQuery } from '../../api/locations-queries';
import { useAppServices } from '../../app/app-services';
import { useLiveQuery } from '../../realtime/use-live-query';
import { historyPushOutcome } from './location-history';

/** One location's calls over time, read again when the user's room says they changed. */
export function useLocationHistory(userId: string, locationId: string) {
  const { apis } = useAppServices();
  const onPush = useMemo(() => historyPushOutcome(locationId), [locationId]);
  return useLiveQuery({ query: locationHistoryQuery(apis.locations, locationId), room: `user:${userId}`, onPush });
}
