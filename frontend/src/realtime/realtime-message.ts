/** One read-model change pushed to a room (the server's `update` event). */
export type { DocumentPatch, RealtimeMessage, RealtimePatchMessage, RealtimeResync, RealtimeUpdate } from '@ringcheck/projections/contract';

export interface SubscribeRequest {
  room: string;
  lastPosition: number;
  /** Pushes after a document's first come as patches of the one before. */
  patches?: boolean;
}

export interface UnsubscribeRequest {
  room: string;
}
