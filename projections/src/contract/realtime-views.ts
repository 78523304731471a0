/** One read-model change pushed to a room (the server's `update` event). */
export interface RealtimeMessage<TDocument = Record<string, unknown>> {
  room: string;
  /** Global position of the event that produced the change; increases over time. */
  position: number;
  projection: string;
  documentId: string;
  document: TDocument | null;
}
