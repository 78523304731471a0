import { SentPositions } from './sent-positions';
import { remoteUpdateOf } from './shared-rooms.adapter';

const update = (room: string, documentId: string, position: number) => ({ room, documentId, position, projection: 'calls', document: {} });

describe('SentPositions', () => {
  it('knows the newest position of each document sent in each room, from update packets only', () => {
    const sent = new SentPositions();
    sent.note('update', update('call:a', 'a', 7));
    sent.note('update', update('call:a', 'a', 5));
    sent.note('session_ended', update('call:b', 'b', 99));
    expect(sent.sentNewer(update('call:a', 'a', 6))).toBe(true);
    expect(sent.sentNewer(update('call:a', 'a', 7))).toBe(false);
    expect(sent.sentNewer(update('call:b', 'b', 1))).toBe(false);
    // The same document in another room (a user's room) is another state.
    expect(sent.sentNewer(update('user:u', 'a', 1))).toBe(false);
  });

  it('forgets the oldest past its budget rather than grow without bound', () => {
    const sent = new SentPositions();
    for (let index = 0; index < 600; index += 1) sent.note('update', update('user:u', `d${index}`, 10));
    expect(sent.sentNewer(update('user:u', 'd0', 1))).toBe(false);
    expect(sent.sentNewer(update('user:u', 'd599', 1))).toBe(true);
  });

  it('ignores packets that are not updates as the gateway sends them', () => {
    const sent = new SentPositions();
    sent.note('update', { room: 'call:a', documentId: 'a', position: '9' } as never);
    sent.note('update');
    expect(sent.sentNewer(update('call:a', 'a', 1))).toBe(false);
  });
});

describe('remoteUpdateOf', () => {
  it('reads the position, document and rooms of an update another node broadcast, and nothing else', () => {
    const rooms = ['call:a#preview', 'call:a#preview!patches'];
    expect(remoteUpdateOf({ type: 3, data: { packet: { data: ['update', { position: 42, documentId: 'a' }, 'offset'] }, opts: { rooms } } })).toEqual({
      position: 42,
      documentId: 'a',
      rooms,
    });
    expect(remoteUpdateOf({ type: 3, data: { packet: { data: ['update', { position: 42 }] } } })).toEqual({ position: 42, documentId: '', rooms: [] });
    expect(remoteUpdateOf({ type: 3, data: { packet: { data: ['session_ended', { position: 42 }] } } })).toBeNull();
    expect(remoteUpdateOf({ type: 9, data: { packet: { data: ['update', { position: 42 }] } } })).toBeNull();
    expect(remoteUpdateOf({ type: 3 })).toBeNull();
  });
});

describe('SentPositions by room', () => {
  it('answers for the room asked about, and keeps the budget it was given', () => {
    const rooms = new SentPositions(2);
    rooms.record('call:a#preview', 'a', 9);
    expect(rooms.sentNewer(update('call:a', 'a', 5), 'call:a#preview')).toBe(true);
    expect(rooms.sentNewer(update('call:a', 'a', 5))).toBe(false);
    rooms.record('call:b', 'b', 3);
    rooms.record('call:c', 'c', 3);
    expect(rooms.sentNewer(update('call:a', 'a', 5), 'call:a#preview')).toBe(false);
  });
});
