import { recorded } from '../testing/recorded';
import { SESSION_TOKEN_HASHES_KEPT, sessionsProjection as projection } from './sessions.projection';

const userId = 'user_0b6c9f3e-1234-4abc-8def-0123456789ab';
const familyId = '6f1d2c3b-0a9e-4f8d-9c7b-5a4e3d2c1b0a';
const started = recorded('SessionStarted', { userId, sessionId: familyId, familyId, refreshTokenHash: 'h0', expiresAt: '2026-12-22T10:00:00.000Z' });
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

describe('sessions projection', () => {
  it('keys a session by its family and starts with the first token', () => {
    expect(projection.documentId(started)).toBe(familyId);
    expect(projection.evolve(null, started)).toMatchObject({
      familyId,
      userId,
      currentTokenHash: 'h0',
      tokenHashes: ['h0'],
      revoked: false,
    });
  });

  it('rotates the current token and remembers the recent ones, newest first, up to a limit', () => {
    let doc = projection.evolve(null, started);
    doc = projection.evolve(doc, refreshed(1));
    expect(doc).toMatchObject({ currentTokenHash: 'h1', tokenHashes: ['h1', 'h0'], sessionId: 's1', lastRefreshedAt: '2026-11-23T10:00:00.000Z' });
    for (let n = 2; n <= SESSION_TOKEN_HASHES_KEPT + 10; n++) doc = projection.evolve(doc, refreshed(n));
    expect(doc!.tokenHashes).toHaveLength(SESSION_TOKEN_HASHES_KEPT);
    expect(doc!.tokenHashes[0]).toBe(`h${SESSION_TOKEN_HASHES_KEPT + 10}`);
  });

  it('records the first revocation and its reason', () => {
    const doc = projection.evolve(null, started);
    const revoked = projection.evolve(doc, recorded('SessionRevoked', { userId, familyId, reason: 'sign_out' }));
    expect(revoked).toMatchObject({ revoked: true, revokedReason: 'sign_out' });
    const again = projection.evolve(revoked, recorded('SessionRevoked', { userId, familyId, reason: 'account_deleted' }));
    expect(again).toMatchObject({ revokedReason: 'sign_out' });
  });

  it('is never pushed to a realtime room', () => {
    expect(projection.rooms).toBeUndefined();
  });
});
