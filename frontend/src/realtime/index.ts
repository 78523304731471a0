import { io } from 'socket.io-client';
import { anonymousUserService } from '../features/anonymous';
import { RealtimeClient } from './realtime-client';
import { realtimeToken } from './realtime-token-source';

export { RealtimeClient, type RealtimeListener, type RealtimeSocket } from './realtime-client';
export type { RealtimeMessage, SubscribeRequest, UnsubscribeRequest } from './realtime-message';
export { setRealtimeTokenSource } from './realtime-token-source';
export { useRealtimeRoom } from './use-realtime-room';

/** The app's one realtime connection to the same origin; it connects on the first subscription. */
export const realtimeClient = new RealtimeClient(() =>
  io({
    path: '/socket.io',
    autoConnect: false,
    withCredentials: true,
    // Evaluated on every (re)connection, so a new anon_id or token is picked up.
    auth: (send) => {
      void realtimeToken().then((token) => send({ anonId: anonymousUserService.anonId, ...(token ? { token } : {}) }));
    },
  }),
);
