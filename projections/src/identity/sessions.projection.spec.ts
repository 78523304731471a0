import { given } from '../testing/given';
import { recorded } from '../testing/recorded';
import { SESSION_TOKEN_HASHES_KEPT, sessionsProjection as projection } from './sessions.projection';

const userId = 'user_0b6c9f3e-1234-4abc-8def-0123456789ab';
const familyId = '6f1d2c3b-0a9e-4f8d-9c7b-5a4e3d2c1b0a';
const started = () => recorded('SessionStarted', { userId, sessionId: familyId, familyId, refreshTokenHash: 'h0', expiresAt: '2026-12-22T10:00:00.000Z' });
const refreshed = (n: number) =>
  recorded('SessionRefreshed', {
    userId,
    sessionId: `s${n}`,
    familyId,
    previousTokenHash: `h${n - 1}`,
    refreshTokenHash: `h${n}`,
    expiresAt: '2026-12-23T10:00:00.000Z',
    refreshedAt: '2026-11-23T10:00:00.000Z',
  });
const revoked = (reason: string) => recorded('SessionRevoked', { userId, familyId, reason });

describe('sessions projection', () => {
  it('keys a session by its family and starts with the first token', async () => {
    const then = await given(projection, started());
    expect(Object.keys(then.documents)).toEqual([familyId]);
    expect(then.document).toMatchObject({ familyId, userId, currentTokenHash: 'h0', tokenHashes: ['h0'], revoked: false });
  });

  it('rotates the current token and remembers the recent ones, newest first', async () => {
    const { document } = await given(projection, started(), refreshed(1));
    expect(document).toMatchObject({ currentTokenHash: 'h1', tokenHashes: ['h1', 'h0'], sessionId: 's1', lastRefreshedAt: '2026-11-23T10:00:00.000Z' });
  });

  it('remembers only so many recent tokens', async () => {
    const refreshes = Array.from({ length: SESSION_TOKEN_HASHES_KEPT + 10 }, (_, i) => refreshed(i + 1));
    const { document } = await given(projection, started(), ...refreshes);
    expect(document!.tokenHashes).toHaveLength(SESSION_TOKEN_HASHES_KEPT);
    expect(document!.tokenHashes[0]).toBe(`h${SESSION_TOKEN_HASHES_KEPT + 10}`);
  });

  it('records the first revocation and its reason', async () => {
    expect((await given(projection, started(), revoked('sign_out'))).document).toMatchObject({ revoked: true, revokedReason: 'sign_out' });
    expect((await given(projection, started(), revoked('sign_out'), revoked('account_deleted'))).document).toMatchObject({ revokedReason: 'sign_out' });
  });

  it('is never pushed to a realtime room', async () => {
    expect(projection.rooms).toBeUndefined();
    expect((await given(projection, started())).rooms()).toEqual([]);
  });
});
