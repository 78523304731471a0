import { type CallDocument, type DocumentChange, withoutBookkeeping } from '@ringcheck/projections';
import { type CallAccess, callResponse } from '../calls/api/call-response';

/** What a socket client receives for every read-model change in a room it follows. */
export interface RealtimeMessage {
  room: string;
  position: number;
  projection: string;
  documentId: string;
  document: Record<string, unknown> | null;
}

/** Room a preview-only follower of a call joins (signed-out visitors, other users). */
export const previewRoomOf = (room: string) => `${room}#preview`;

/** The room name a message carries: the one the client asked for, without the preview suffix. */
const publicRoomName = (room: string) => room.replace(/#preview$/, '');

/**
 * A call is pushed as the API shows it: in full to its owner's rooms, as the preview to everyone
 * else, so nothing the server keeps from signed-out visitors leaks over the socket.
 */
function callMessages(change: DocumentChange, room: string, doc: CallDocument): Array<[string, Record<string, unknown>]> {
  const view = (access: CallAccess) => callResponse(doc, access) as unknown as Record<string, unknown>;
  if (room.startsWith('call:')) return [[room, view('full')], [previewRoomOf(room), view('preview')]];
  if (room.startsWith('user:')) return [[room, view('full')]];
  return [[room, view('preview')]];
}

export function messagesFor(change: DocumentChange): Array<{ target: string; message: RealtimeMessage }> {
  const document = change.document ? (withoutBookkeeping(change.document) as Record<string, unknown>) : null;
  return change.rooms.flatMap((room) => {
    const targets: Array<[string, Record<string, unknown> | null]> =
      change.projection === 'calls' && document ? callMessages(change, room, document as unknown as CallDocument) : [[room, document]];
    return targets.map(([target, doc]) => ({
      target,
      message: { room: publicRoomName(target), position: change.position, projection: change.projection, documentId: change.documentId, document: doc },
    }));
  });
}
