/** One read-model change pushed to a room (the server's `update` event). */
export type { RealtimeMessage } from '@ringcheck/projections/contract';

export interface SubscribeRequest {
  room: string;
  lastPosition: number;
}

export interface UnsubscribeRequest {
  room: string;
}
