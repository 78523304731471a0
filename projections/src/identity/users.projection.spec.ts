import { given } from '../testing/given';
import { at, recorded } from '../testing/recorded';
import type { UserSignedUpData } from './events';
import { usersProjection as projection } from './users.projection';

const userId = 'user_0b6c9f3e-1234-4abc-8def-0123456789ab';
const signedUp: UserSignedUpData = {
  userId,
  email: 'Owner@Example.com',
  emailNormalized: 'owner@example.com',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  firstName: 'Dana',
  lastName: 'Reyes',
  provider: 'embedded',
  externalSubject: null,
};

describe('users projection', () => {
  it('creates the public profile on sign-up, without the password hash', async () => {
    const { document } = await given(projection, recorded('UserSignedUp', signedUp, at('2026-11-22T10:00:00.000Z')));
    expect(document).toMatchObject({
      _id: userId,
      id: userId,
      email: 'Owner@Example.com',
      emailNormalized: 'owner@example.com',
      firstName: 'Dana',
      provider: 'embedded',
      createdAt: '2026-11-22T10:00:00.000Z',
      lastSignInAt: null,
      deleted: false,
    });
    expect(JSON.stringify(document)).not.toContain('argon2');
  });

  it('records sign-ins and profile changes', async () => {
    const { document } = await given(
      projection,
      recorded('UserSignedUp', signedUp),
      recorded('UserSignedIn', { userId, method: 'password', sessionId: 'f', signedInAt: '2026-11-23T08:00:00.000Z' }),
      recorded('UserProfileUpdated', { userId, firstName: 'Dee', lastName: null }),
    );
    expect(document).toMatchObject({ lastSignInAt: '2026-11-23T08:00:00.000Z', firstName: 'Dee', lastName: null });
  });

  it('keeps a deleted account as a tombstone without its e-mail or names', async () => {
    const { document } = await given(projection, recorded('UserSignedUp', signedUp), recorded('UserDeleted', { userId }, at('2026-12-01T00:00:00.000Z')));
    expect(document).toMatchObject({ deleted: true, deletedAt: '2026-12-01T00:00:00.000Z', email: null, emailNormalized: null, firstName: null });
  });

  it('keeps the roles an operator granted, once each, until revoked; a deleted account holds none', async () => {
    const granted = recorded('UserRoleGranted', { userId, role: 'analyst', grantedBy: 'ops', reason: null });
    const revoked = recorded('UserRoleRevoked', { userId, role: 'analyst', revokedBy: 'ops', reason: 'left the team' });
    expect((await given(projection, recorded('UserSignedUp', signedUp))).document).not.toHaveProperty('roles');
    expect((await given(projection, recorded('UserSignedUp', signedUp), granted, recorded('UserRoleGranted', { ...granted.data }))).document).toMatchObject({ roles: ['analyst'] });
    expect((await given(projection, recorded('UserSignedUp', signedUp), granted, revoked)).document).toMatchObject({ roles: [] });
    expect((await given(projection, recorded('UserSignedUp', signedUp), granted, recorded('UserDeleted', { userId }))).document).toMatchObject({ roles: [] });
    expect((await given(projection, granted)).document).toBeNull();
  });

  it('ignores events for a user it never saw created', async () => {
    expect((await given(projection, recorded('UserProfileUpdated', { userId, firstName: 'X', lastName: 'Y' }))).document).toBeNull();
  });

  it("puts the profile in its owner's room", async () => {
    expect((await given(projection, recorded('UserSignedUp', signedUp))).rooms()).toEqual([`user:${userId}`]);
  });
});
