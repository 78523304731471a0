import { given } from '../testing/given';
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
  it('keeps the password hash of embedded accounts', async () => {
    const { document } = await given(projection, recorded('UserSignedUp', signedUp));
    expect(document).toEqual({ _id: userId, userId, emailNormalized: 'owner@example.com', passwordHash: 'hash-1' });
  });

  it('follows password changes', async () => {
    const { document } = await given(projection, recorded('UserSignedUp', signedUp), recorded('PasswordChanged', { userId, passwordHash: 'hash-2' }));
    expect(document).toMatchObject({ passwordHash: 'hash-2' });
  });

  it('has nothing for accounts of a hosted provider', async () => {
    const clerk = { ...signedUp, passwordHash: null, provider: 'clerk' as const, externalSubject: 'user_2abc' };
    expect((await given(projection, recorded('UserSignedUp', clerk))).document).toBeNull();
  });

  it('forgets the credentials when the account is deleted', async () => {
    expect((await given(projection, recorded('UserSignedUp', signedUp), recorded('UserDeleted', { userId }))).document).toBeNull();
  });

  it('is never pushed to a realtime room', () => {
    expect(projection.rooms).toBeUndefined();
  });
});
