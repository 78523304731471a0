import { useEffect, useRef } from 'react';
import type { RealtimeClient, RealtimeListener } from './realtime-client';

/** Follows `room` while the component is mounted (or until `room` becomes null). */
export function useRealtimeRoom(client: RealtimeClient, room: string | null, onMessage: RealtimeListener): void {
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => {
    if (!room) return undefined;
    return client.subscribe(room, (message) => latest.current(message));
  }, [client, room]);
}
