import {
  type CallDocument,
  callsProjection,
  discoveriesProjection,
  type DocumentChange,
  isChangeOf,
  locationsProjection,
  type RealtimeMessage,
  withoutBookkeeping,
} from '@ringcheck/projections';
import { callFull, callPreview } from '../calls/api/call-response';
import { locationView } from '../workspace/api/location-view';

/** What a socket client receives for every read-model change in a room it follows. */
export type { RealtimeMessage } from '@ringcheck/projections';

const PATCHES = '!patches';

/** The room of the same pushes as `room`, each a patch of the last once a subscriber has the document. */
export const patchRoomOf = (room: string) => (isPatchRoom(room) ? room : `${room}${PATCHES}`);

export const isPatchRoom = (room: string) => room.endsWith(PATCHES);

const withoutPatches = (room: string) => (isPatchRoom(room) ? room.slice(0, -PATCHES.length) : room);

/** Room a preview-only follower of a call joins (signed-out visitors, other users); a patch room stays one. */
export const previewRoomOf = (room: string): string =>
  isPatchRoom(room) ? patchRoomOf(previewRoomOf(withoutPatches(room))) : `${room}#preview`;

export const isPreviewRoom = (room: string) => withoutPatches(room).endsWith('#preview');

/** The room name a message carries: the one the client asked for, without the preview or patch suffix. */
export const publicRoomName = (room: string) => withoutPatches(room).replace(/#preview$/, '');

type Doc = Record<string, unknown>;

/**
 * A call is pushed as the API shows it: in full to its signed-in owner's rooms, as the preview to
 * everyone else, so nothing the server keeps from signed-out visitors leaks over the socket. Only the
 * anonymous owner's own room says who the viewer is; the shared preview room cannot.
 */
function callTargets(room: string, doc: CallDocument): Array<[string, object]> {
  if (room.startsWith('call:')) return [[room, callFull(doc)], [previewRoomOf(room), callPreview(doc)]];
  if (room.startsWith('user:')) return [[room, callFull(doc)]];
  if (room.startsWith('anonymous:')) return [[room, callPreview(doc, true)]];
  return [[room, callPreview(doc)]];
}

/** A discovery's own room is public by id: it never carries who searched. */
function discoveryTargets(room: string, doc: Doc): Array<[string, Doc]> {
  if (room.startsWith('user:') || room.startsWith('anonymous:')) return [[room, doc]];
  const { ownerId: _ownerId, ...shared } = doc;
  return [[room, shared]];
}

function targetsFor(change: DocumentChange, room: string): Array<[string, object | null]> {
  if (!change.document) return [[room, null]];
  if (isChangeOf(callsProjection, change)) return callTargets(room, change.document);
  if (isChangeOf(locationsProjection, change)) return [[room, locationView(change.document)]];
  const doc = withoutBookkeeping(change.document) as Doc;
  if (isChangeOf(discoveriesProjection, change)) return discoveryTargets(room, doc);
  return [[room, doc]];
}

export function messagesFor(change: DocumentChange): Array<{ target: string; message: RealtimeMessage<object> }> {
  return change.rooms.flatMap((room) =>
    targetsFor(change, room).map(([target, doc]) => ({
      target,
      message: { room: publicRoomName(target), position: change.position, projection: change.projection, documentId: change.documentId, document: doc },
    })),
  );
}
