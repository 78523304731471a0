import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Call } from '../../../api/calls-api';
import { useAppServices } from '../../../app/app-services';
import { useRealtimeRoom } from '../../../realtime/use-realtime-room';
import { useAuth } from '../../auth/auth-context';
import { callKeys, callsListQuery } from '../call-queries';
import { asCallDocument } from '../call-state';
import { useCallsApi } from '../use-calls-api';
import { upsertCall } from './call-list-view';

/** The signed-in user's calls, newest first, kept current by the user's realtime room. */
export function useMyCalls() {
  const api = useCallsApi();
  const { realtime } = useAppServices();
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  const query = useQuery({ ...callsListQuery(api), enabled: userId !== null });

  useRealtimeRoom(realtime, userId ? `user:${userId}` : null, (message) => {
    if (message.projection !== 'calls' || !message.documentId) return;
    const call = asCallDocument(message.document, message.documentId);
    if (!call) return;
    const key = callKeys.list();
    // Before the first answer there is nothing to update: that answer will include the change.
    if (!queryClient.getQueryData(key)) return;
    // A list request already on its way may predate this change: it must not overwrite it.
    void queryClient.cancelQueries({ queryKey: key }).then(() =>
      queryClient.setQueryData<Call[]>(key, (calls) => (calls ? upsertCall(calls, call) : calls)),
    );
  });

  return query;
}
