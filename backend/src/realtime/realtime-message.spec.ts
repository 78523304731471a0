import { type CallDocument, callsProjection, type DocumentChange } from '@ringcheck/projections';
import { callId, callRequested, placed, ringing } from '../../../projections/src/testing/call-events';
import { isPatchRoom, isPreviewRoom, messagesFor, patchRoomOf, previewRoomOf, publicRoomName } from './realtime-message';

const ANON = 'anon_1b6c9f3e-1234-4abc-8def-0123456789ab';
const USER = 'user_2b6c9f3e-1234-4abc-8def-0123456789ab';
const DISC = 'disc_3b6c9f3e-1234-4abc-8def-0123456789ab';
const CALL = callId;

/** A call ringing for the second time, owned by `ownerId`, as its read model holds it. */
const call = (ownerId: string): CallDocument =>
  [callRequested({ ownerId }), placed(1), ringing(1, 1, 2000), ringing(1, 2, 6000)].reduce<CallDocument | null>(
    (doc, event) => callsProjection.evolve(doc, event),
    null,
  )!;

const change = (projection: string, documentId: string, document: Record<string, unknown>, rooms: string[]): DocumentChange => ({
  projection,
  documentId,
  document: { ...document, _id: documentId, _position: 9, _rooms: rooms },
  rooms,
  position: 9,
});

const byTarget = (c: DocumentChange) => Object.fromEntries(messagesFor(c).map(({ target, message }) => [target, message]));

describe('messagesFor', () => {
  it('pushes a call in full to its signed-in owner and as the preview to everyone else', () => {
    const messages = byTarget(change('calls', CALL, call(USER), [`call:${CALL}`, `user:${USER}`]));
    expect(messages[`call:${CALL}`].document).toMatchObject({ access: 'full', ring_count: 2, user: USER });
    expect(messages[`user:${USER}`].document).toMatchObject({ access: 'full' });
    const preview = messages[`call:${CALL}#preview`];
    expect(preview.room).toBe(`call:${CALL}`);
    expect(preview.document).toMatchObject({ access: 'preview', phase: 'calling' });
    expect(preview.document).not.toHaveProperty('viewer_is_owner');
    expect(JSON.stringify(preview.document)).not.toMatch(/ring_count|timeline|started_at|updated_at|user_|SB1|answered_by|duration_ms/);
  });

  it('tells an anonymous owner’s room the preview, marked as theirs', () => {
    const messages = byTarget(change('calls', CALL, call(ANON), [`call:${CALL}`, `anonymous:${ANON}`]));
    expect(messages[`anonymous:${ANON}`].document).toMatchObject({ access: 'preview', viewer_is_owner: true });
    expect(JSON.stringify(messages[`call:${CALL}#preview`].document)).not.toContain(ANON);
  });

  it('never names who searched in a discovery’s public room', () => {
    const messages = byTarget(change('discoveries', DISC, { id: DISC, ownerId: ANON, status: 'completed' }, [`discovery:${DISC}`, `anonymous:${ANON}`]));
    expect(messages[`discovery:${DISC}`].document).toEqual({ _id: DISC, id: DISC, status: 'completed' });
    expect(messages[`anonymous:${ANON}`].document).toMatchObject({ ownerId: ANON });
  });
});

describe('room names', () => {
  it('keeps a patch room a patch room through the preview, and names both by the room asked for', () => {
    const room = `call:${CALL}`;
    expect(previewRoomOf(room)).toBe(`${room}#preview`);
    expect(previewRoomOf(patchRoomOf(room))).toBe(patchRoomOf(`${room}#preview`));
    expect(patchRoomOf(patchRoomOf(room))).toBe(patchRoomOf(room));
    expect([room, previewRoomOf(room), patchRoomOf(room), patchRoomOf(previewRoomOf(room))].map(publicRoomName)).toEqual([room, room, room, room]);
    expect([room, previewRoomOf(room), patchRoomOf(room), patchRoomOf(previewRoomOf(room))].map(isPreviewRoom)).toEqual([false, true, false, true]);
    expect([room, patchRoomOf(previewRoomOf(room))].map(isPatchRoom)).toEqual([false, true]);
  });
});
