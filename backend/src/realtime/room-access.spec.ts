import { decideRoomAccess } from './room-access';

const uuid = '0b6c9f3e-1234-4abc-8def-0123456789ab';
const nobody = { anonId: null, userId: null };

describe('room access', () => {
  it('lets anyone follow a call or discovery by id', () => {
    expect(decideRoomAccess(`call:call_${uuid}`, nobody)).toEqual({ allowed: true });
    expect(decideRoomAccess(`discovery:disc_${uuid}`, nobody)).toEqual({ allowed: true });
  });

  it('keeps user rooms to that user and anonymous rooms to that visitor', () => {
    expect(decideRoomAccess(`user:user_${uuid}`, nobody).allowed).toBe(false);
    expect(decideRoomAccess(`user:user_${uuid}`, { anonId: null, userId: `user_${uuid}` }).allowed).toBe(true);
    expect(decideRoomAccess(`anonymous:anon_${uuid}`, { anonId: `anon_${uuid}`, userId: null }).allowed).toBe(true);
    expect(decideRoomAccess(`anonymous:anon_${uuid}`, nobody).allowed).toBe(false);
  });

  it('refuses malformed rooms', () => {
    expect(decideRoomAccess('call:*', nobody).allowed).toBe(false);
    expect(decideRoomAccess(42, nobody).allowed).toBe(false);
  });
});
