import { recorded } from '../testing/recorded';
import type { UserSignedUpData } from './events';
import { userCredentialsProjection as projection } from './user-credentials.projection';

const userId = 'user_0b6c9f3e-1234-4abc-8def-0123456789ab';
const signedUp: UserSignedUpData = {
  userId,
  email: 'owner@example.com',
  emailNormalized: 'owner@example.com',
  passwordHash: 'hash-1',
  firstName: null,
  lastName: null,
  provider: 'embedded',
  externalSubject: null,
};

describe('user credentials projection', () => {
  it('keeps the password hash of embedded accounts and follows password changes', () => {
    const created = projection.evolve(null, recorded('UserSignedUp', signedUp));
    expect(created).toEqual({ _id: userId, userId, emailNormalized: 'owner@example.com', passwordHash: 'hash-1' });
    expect(projection.evolve(created, recorded('PasswordChanged', { userId, passwordHash: 'hash-2' }))).toMatchObject({ passwordHash: 'hash-2' });
  });

  it('has nothing for accounts of a hosted provider', () => {
    const clerk = { ...signedUp, passwordHash: null, provider: 'clerk' as const, externalSubject: 'user_2abc' };
    expect(projection.evolve(null, recorded('UserSignedUp', clerk))).toBeNull();
  });

  it('forgets the credentials when the account is deleted', () => {
    const created = projection.evolve(null, recorded('UserSignedUp', signedUp));
    expect(projection.evolve(created, recorded('UserDeleted', { userId }))).toBeNull();
  });

  it('is never pushed to a realtime room', () => {
    expect(projection.rooms).toBeUndefined();
  });
});
