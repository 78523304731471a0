import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Call } from '../../../api/calls-api';
import { useAppServices } from '../../../app/app-services';
import { useAuth } from '../../auth/auth-context';
import { CALL_MESSAGES } from '../call-messages';
import { callKeys } from '../call-queries';
import { markedFailed } from '../call-state';
import { useCallsApi } from '../use-calls-api';
import { CallFollower } from './call-follower';

export type LiveCallState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; call: Call };

export interface LiveCall {
  state: LiveCallState;
  /** Loads and follows the call again (the error state's Try Again). */
  retry(): void;
  /** An answer obtained elsewhere, e.g. the canceled call. */
  accept(call: Call): void;
  /** Looks again now. */
  refresh(): Promise<void>;
}

/**
 * The call `callId`, kept current while it runs (realtime first, polling as the fallback). When the
 * visitor signs in or out it is read again, so the owner sees the full report without a reload.
 */
export function useLiveCall(callId: string): LiveCall {
  const { realtime } = useAppServices();
  const api = useCallsApi();
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LiveCallState>(() => {
    const cached = queryClient.getQueryData<Call>(callKeys.detail(callId));
    return cached ? { kind: 'ready', call: cached } : { kind: 'loading' };
  });

  const follower = useMemo(
    () =>
      new CallFollower(
        {
          fetchCall: (id) => api.get(id),
          subscribe: (room, onDocument) => realtime.subscribe(room, (message) => onDocument(message.document)),
        },
        {
          update: (call) => {
            queryClient.setQueryData(callKeys.detail(call.id), call);
            setState({ kind: 'ready', call });
          },
          loadFailed: () => setState({ kind: 'error', message: CALL_MESSAGES.loadFailed }),
          gaveUp: (message) =>
            setState((current) =>
              current.kind === 'ready' ? { kind: 'ready', call: markedFailed(current.call, message) } : { kind: 'error', message },
            ),
        },
      ),
    [api, queryClient, realtime],
  );

  useEffect(() => {
    follower.start(callId);
    return () => follower.stop();
  }, [attempt, callId, follower]);

  const shownFor = useRef(userId);
  useEffect(() => {
    if (shownFor.current === userId) return;
    shownFor.current = userId;
    if (userId) void follower.recheckAccess();
    else void follower.refresh();
  }, [follower, userId]);

  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const accept = useCallback((call: Call) => follower.accept(call), [follower]);
  const refresh = useCallback(() => follower.refresh(), [follower]);

  return { state, retry, accept, refresh };
}
