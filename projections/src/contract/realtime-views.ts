/** One read-model change pushed to a room (the server's `update` event), its document in full. */
export interface RealtimeMessage<TDocument = Record<string, unknown>> {
  room: string;
  /** Global position of the event that produced the change; increases over time. */
  position: number;
  projection: string;
  documentId: string;
  document: TDocument | null;
}

/**
 * How a document differs from the one pushed to the same room at position `since`: top-level fields
 * set to a new value, removed, or arrays grown by items at their end. Pushed to subscribers that asked
 * for patches, once they have had the document in full.
 */
export interface DocumentPatch {
  since: number;
  set?: Record<string, unknown>;
  unset?: string[];
  append?: Record<string, unknown[]>;
}

/** A change pushed as what changed, to a subscriber that asked for patches. */
export interface RealtimePatchMessage extends Omit<RealtimeMessage, 'document'> {
  patch: DocumentPatch;
}

/** What a socket's `update` event carries: a document in full, or (when asked for) a patch of one. */
export type RealtimeUpdate<TDocument = Record<string, unknown>> = RealtimeMessage<TDocument> | RealtimePatchMessage;

/**
 * The server's `resync` event: more of the room changed since the position a subscription gave than it
 * replays, so the subscriber reads the room's data again; it follows the room from `position` on.
 */
export interface RealtimeResync {
  room: string;
  position: number;
}
