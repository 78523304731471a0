import { Button, Group, Skeleton, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MigrationStats } from '../../../api/users-api';
import { useAppServices } from '../../../app/app-services';
import { ANON_ID_STORAGE_KEY } from '../../anonymous/anonymous-user-service';
import { browserStorage } from '../../anonymous/browser-storage';
import { linkableAnonIds } from '../../anonymous/linkable-anon-ids';
import { LINK_TOAST_MS, linkedMessage } from '../sign-in-effects/use-sign-in-effects';

const statusKey = (anonId: string | null) => ['users', 'anonymous-status', anonId] as const;

/**
 * Whether this browser's anonymous visits belong to the account, with a button to link them by hand:
 * one id with link-anonymous, several (the server said this browser proves more than one) with
 * link-multiple. Ids the browser merely stored are never sent: the server refuses them.
 */
export function LinkedActivitySection() {
  const { apis } = useAppServices();
  const queryClient = useQueryClient();
  const storage = useMemo(() => browserStorage(), []);
  const anonId = storage.getItem(ANON_ID_STORAGE_KEY);
  const anonIds = useMemo(() => {
    const linkable = linkableAnonIds(storage);
    return linkable.length > 0 ? linkable : anonId ? [anonId] : [];
  }, [storage, anonId]);
  const status = useQuery({
    queryKey: statusKey(anonId),
    queryFn: () => apis.users.anonymousStatus(anonId!),
    enabled: anonId !== null,
    retry: false,
  });

  const linked = (stats: MigrationStats) => {
    void queryClient.invalidateQueries();
    notifications.show({ color: 'teal', title: 'Account linked', message: linkedMessage({ migration_stats: stats }), autoClose: LINK_TOAST_MS });
  };
  const link = useMutation({
    mutationFn: async () => {
      const { users } = apis;
      if (anonIds.length > 1) {
        const result = await users.linkMultipleAnonymous(anonIds);
        if (!result.success && result.profiles_linked === 0) throw new Error('None of the earlier visits could be linked.');
        return { kind: 'multiple' as const, stats: result.total_migration_stats };
      }
      return { kind: 'single' as const, stats: (await users.linkAnonymous(anonId!, 'manual')).migration_stats };
    },
    onSuccess: ({ stats }) => linked(stats),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: anonIds.length > 1 ? 'Failed to link profiles' : 'Failed to link account',
        message: error.message,
        autoClose: LINK_TOAST_MS,
      }),
  });

  if (!anonId) {
    return (
      <Text size="sm" c="dimmed">
        This browser has no earlier anonymous visits to link.
      </Text>
    );
  }
  if (status.isPending) return <Skeleton h={36} radius="sm" />;

  const linkedHere = status.data?.linked_to_current_user ?? false;
  const linkedElsewhere = Boolean(status.data?.is_linked) && !linkedHere;
  const visits = status.data?.visit_count;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" maw={480}>
        {status.isError
          ? 'The status of this browser’s earlier visits could not be loaded.'
          : linkedHere
            ? `This browser’s earlier visits${visits ? ` (${visits})` : ''} are linked to your account.`
            : linkedElsewhere
              ? 'This browser’s earlier visits belong to another account.'
              : 'Searches and test calls made on this browser before you signed in can be moved into your account.'}
      </Text>
      {!linkedElsewhere && (
        <Button variant="light" onClick={() => link.mutate()} loading={link.isPending}>
          {linkedHere ? 'Link again' : 'Link now'}
        </Button>
      )}
    </Group>
  );
}
