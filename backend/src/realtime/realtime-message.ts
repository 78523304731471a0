import { type DocumentChange, withoutBookkeeping } from '@ringcheck/projections';

/** What a socket client receives for every read-model change in a room it follows. */
export interface RealtimeMessage {
  room: string;
  position: number;
  projection: string;
  documentId: string;
  document: Record<string, unknown> | null;
}

export function messagesFor(change: DocumentChange): RealtimeMessage[] {
  const document = change.document ? withoutBookkeeping(change.document) : null;
  return change.rooms.map((room) => ({
    room,
    position: change.position,
    projection: change.projection,
    documentId: change.documentId,
    document,
  }));
}
