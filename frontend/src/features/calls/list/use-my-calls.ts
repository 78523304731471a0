import type { CallListItem as Call } from '../../../api/calls-api';
import { callsListQuery } from '../../../api/calls-queries';
import { useAppServices } from '../../../app/app-services';
import { type PushOutcome, useLiveQuery } from '../../../realtime/use-live-query';
import type { RealtimeMessage } from '../../../realtime/realtime-message';
import { asCallDocument, newerCall } from '../call-state';
import { upsertCall } from './call-list-view';

/** A push on the user's room: a call of theirs changed. Before the first answer there is nothing to update. */
function listPushOutcome(message: RealtimeMessage, calls: Call[] | undefined): PushOutcome<Call[]> {
  if (message.projection !== 'calls' || !message.documentId || !calls) return null;
  const call = asCallDocument(message.document, message.documentId);
  if (!call) return null;
  return { data: upsertCall(calls, newerCall(calls.find((shown) => shown.id === call.id), call)) };
}

/** The signed-in user's calls (their route loaded them), newest first, kept current by the user's room. */
export function useMyCalls(userId: string) {
  const { apis } = useAppServices();
  return useLiveQuery({ query: callsListQuery(apis.calls), room: `user:${userId}`, onPush: listPushOutcome });
}
