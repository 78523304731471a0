import { apiClient } from '../api';
import { anonymousUserService } from '../features/anonymous';
import { DeferredSocket } from './deferred-socket';
import { RealtimeClient } from './realtime-client';
import { realtimeToken } from './realtime-token-source';

export { RealtimeClient, type RealtimeListener, type RealtimeSocket } from './realtime-client';
export type { RealtimeMessage, SubscribeRequest, UnsubscribeRequest } from './realtime-message';
export { setRealtimeTokenSource } from './realtime-token-source';
export { pollingPhase, type PollingFallback, type PollingPhase } from './polling-fallback';
export { useLiveQuery, type LiveQuery, type LiveQueryOptions, type PushOutcome } from './use-live-query';

/** The app's one realtime connection to the same origin; it connects (and loads its library) on the first subscription. */
export const realtimeClient = new RealtimeClient(
  () =>
    new DeferredSocket(() =>
      import('socket.io-client').then(({ io }) =>
        io({
          path: '/socket.io',
          autoConnect: false,
          withCredentials: true,
          // Evaluated on every (re)connection, so a new anon_id or token is picked up.
          auth: (send) => {
            void realtimeToken().then((token) => send({ anonId: anonymousUserService.anonId, ...(token ? { token } : {}) }));
          },
        }),
      ),
    ),
);

apiClient.setSeenPosition(() => realtimeClient.newestPosition);
