import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { locationKeys } from '../../api/locations-queries';
import { useAppServices } from '../../app/app-services';
import { LOCATIONS_MESSAGES } from './locations-messages';

/** The favourite heart (spec sections 4 and 8): a toast either way, and the list read again on success. */
export function useToggleFavorite() {
  const { apis } = useAppServices();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: [...locationKeys.all, 'toggle-favorite'],
    mutationFn: (locationId: string) => apis.locations.toggleFavorite(locationId),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: LOCATIONS_MESSAGES.favoriteUpdated });
      void queryClient.invalidateQueries({ queryKey: locationKeys.all });
    },
    onError: () => {
      notifications.show({ color: 'red', title: 'Error', message: LOCATIONS_MESSAGES.favoriteFailed });
    },
  });
  // One change at a time: a second click while the first is on its way would toggle it back.
  return (locationId: string) => {
    if (!mutation.isPending) mutation.mutate(locationId);
  };
}
