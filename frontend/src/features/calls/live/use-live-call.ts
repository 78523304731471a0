import type { Call } from '../../../api/calls-api';
import { callQuery } from '../../../api/calls-queries';
import { useAppServices } from '../../../app/app-services';
import { useLiveQuery } from '../../../realtime/use-live-query';
import { callRoom } from '../call-constants';
import { markedFailed, newerCall } from '../call-state';
import { CALL_POLLING, callPushOutcome, gaveUpMessage } from './call-polling';
import { useAccessRecheck } from './use-access-recheck';

export interface LiveCall {
  /** The call as shown: once polling gave up, marked failed with the reason. Undefined until loaded. */
  call: Call | undefined;
  /** An answer obtained elsewhere, e.g. the canceled call. */
  accept(call: Call): void;
  /** Looks again now. */
  refresh(): void;
}

/**
 * The call `callId` (its route loaded it), kept current while it runs: its room first, polling as
 * the fallback. After sign-in it is read again until the owner sees it in full.
 */
export function useLiveCall(callId: string): LiveCall {
  const { apis } = useAppServices();
  const live = useLiveQuery({
    query: callQuery(apis.calls, callId),
    room: callRoom(callId),
    onPush: (message, current) => callPushOutcome(callId, message, current),
    polling: CALL_POLLING,
  });
  useAccessRecheck(live.refetch);

  const { data, polling, put, refetch } = live;
  return {
    call: data && polling === 'gave-up' ? markedFailed(data, gaveUpMessage(data)) : data,
    accept: (call) => put(newerCall(data, call)),
    refresh: () => void refetch(),
  };
}
