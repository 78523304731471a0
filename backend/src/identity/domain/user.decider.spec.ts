import type { UserEvent, UserSignedUpData } from '@ringcheck/projections';
import { deciderSpec } from '../../infrastructure/event-sourcing/testing/decider-spec';
import { SessionRefusedError } from './session-refused.error';
import { type UserCommand, userDecider } from './user.decider';

const userId = 'user_0b6c9f3e-1234-4abc-8def-0123456789ab';
const at = '2026-11-22T10:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(at) + ms).toISOString();
const profile: UserSignedUpData = {
  userId,
  email: 'owner@example.com',
  emailNormalized: 'owner@example.com',
  passwordHash: 'hash-1',
  firstName: 'Dana',
  lastName: null,
  provider: 'embedded',
  externalSubject: null,
};
const session = (familyId: string, tokenHash: string) => ({ familyId, tokenHash, expiresAt: '2026-12-22T10:00:00.000Z' });

const user = deciderSpec(userDecider);

const signedUp: UserEvent = { type: 'UserSignedUp', data: profile };
const started = (familyId: string, hash: string): UserEvent => ({
  type: 'SessionStarted',
  data: { userId, sessionId: familyId, familyId, refreshTokenHash: hash, expiresAt: '2026-12-22T10:00:00.000Z' },
});
const refreshed = (familyId: string, from: string, to: string, refreshedAt = at): UserEvent => ({
  type: 'SessionRefreshed',
  data: { userId, sessionId: `${familyId}-${to}`, familyId, previousTokenHash: from, refreshTokenHash: to, expiresAt: '2026-12-23T10:00:00.000Z', refreshedAt },
});
const refresh = (presentedHash: string, now = at, familyId = 'fam-1'): UserCommand => ({
  type: 'RefreshSession',
  userId,
  familyId,
  presentedHash,
  next: { sessionId: 'next', tokenHash: 'h-next', expiresAt: '2026-12-24T10:00:00.000Z' },
  at: now,
  graceMs: 30_000,
});

describe('user decider', () => {
  describe('sign-up', () => {
    it('given nothing, when signing up with a session, then the account, its sign-in and its session are recorded', () => {
      user.when({ type: 'SignUp', profile, session: session('fam-1', 'h0'), at }).then([
        { type: 'UserSignedUp', data: profile },
        { type: 'UserSignedIn', data: { userId, method: 'password', sessionId: 'fam-1', signedInAt: at } },
        started('fam-1', 'h0'),
      ]);
    });

    it('given a hosted user already known, when signing up again, then nothing is recorded', () => {
      const clerk = { ...profile, provider: 'clerk' as const, passwordHash: null, externalSubject: 'user_2abc' };
      user.given({ type: 'UserSignedUp', data: clerk }).when({ type: 'SignUp', profile: clerk, session: null, at }).thenNothing();
    });

    it('given a deleted account, when signing up with its id, then it is refused', () => {
      user
        .given(signedUp, { type: 'UserDeleted', data: { userId } })
        .when({ type: 'SignUp', profile, session: null, at })
        .thenRefuses(SessionRefusedError, { reason: 'account_deleted' });
    });
  });

  describe('sign-in', () => {
    it('given an account, when signing in with a password, then a sign-in and a new session are recorded', () => {
      user.given(signedUp).when({ type: 'SignIn', userId, method: 'password', session: session('fam-2', 'h9'), at }).then([
        { type: 'UserSignedIn', data: { userId, method: 'password', sessionId: 'fam-2', signedInAt: at } },
        started('fam-2', 'h9'),
      ]);
    });

    it('given a token sign-in less than an hour ago, when another token is seen, then nothing is recorded; after an hour it is', () => {
      const signedIn: UserEvent = { type: 'UserSignedIn', data: { userId, method: 'token', sessionId: null, signedInAt: at } };
      user.given(signedUp, signedIn).when({ type: 'SignIn', userId, method: 'token', session: null, at: later(59 * 60_000) }).thenNothing();
      user
        .given(signedUp, signedIn)
        .when({ type: 'SignIn', userId, method: 'token', session: null, at: later(60 * 60_000) })
        .then([{ type: 'UserSignedIn', data: { userId, method: 'token', sessionId: null, signedInAt: later(60 * 60_000) } }]);
    });

    it('given no account or a deleted one, when signing in, then it is refused', () => {
      user.when({ type: 'SignIn', userId, method: 'password', session: null, at }).thenFails('not_found');
      user
        .given(signedUp, { type: 'UserDeleted', data: { userId } })
        .when({ type: 'SignIn', userId, method: 'password', session: null, at })
        .thenRefuses(SessionRefusedError, { reason: 'account_deleted' });
    });
  });

  describe('refresh', () => {
    it('given a session, when its current token is presented, then it rotates', () => {
      user.given(signedUp, started('fam-1', 'h0')).when(refresh('h0')).then([
        {
          type: 'SessionRefreshed',
          data: {
            userId,
            sessionId: 'next',
            familyId: 'fam-1',
            previousTokenHash: 'h0',
            refreshTokenHash: 'h-next',
            expiresAt: '2026-12-24T10:00:00.000Z',
            refreshedAt: at,
          },
        },
      ]);
    });

    it('given a token rotated seconds ago, when it is presented again (another tab), then nothing is recorded', () => {
      user.given(signedUp, started('fam-1', 'h0'), refreshed('fam-1', 'h0', 'h1')).when(refresh('h0', later(5_000))).thenNothing();
    });

    it('given a token rotated earlier, when it is presented again, then the whole family is revoked for reuse', () => {
      const rotatedTwice = user.given(signedUp, started('fam-1', 'h0'), refreshed('fam-1', 'h0', 'h1'), refreshed('fam-1', 'h1', 'h2'));
      const revoked: UserEvent[] = [{ type: 'SessionRevoked', data: { userId, familyId: 'fam-1', reason: 'reuse_detected' } }];
      rotatedTwice.when(refresh('h0')).then(revoked);
      rotatedTwice.when(refresh('h1', later(31_000))).then(revoked);
    });

    it('given a revoked, expired, unknown or foreign token, when presented, then it is refused with the reason', () => {
      const active = user.given(signedUp, started('fam-1', 'h0'));
      const revoked: UserEvent = { type: 'SessionRevoked', data: { userId, familyId: 'fam-1', reason: 'sign_out' } };
      user.given(signedUp, started('fam-1', 'h0'), revoked).when(refresh('h0')).thenRefuses(SessionRefusedError, { reason: 'refresh_token_revoked' });
      active.when(refresh('h0', '2026-12-22T10:00:00.000Z')).thenRefuses(SessionRefusedError, { reason: 'refresh_token_expired' });
      active.when(refresh('h-unknown')).thenRefuses(SessionRefusedError, { reason: 'refresh_token_invalid' });
      active.when(refresh('h0', at, 'fam-other')).thenRefuses(SessionRefusedError, { reason: 'refresh_token_invalid' });
    });
  });

  describe('sign-out', () => {
    it('given an active session, when signing out, then it is revoked once', () => {
      const revoked: UserEvent = { type: 'SessionRevoked', data: { userId, familyId: 'fam-1', reason: 'sign_out' } };
      user.given(signedUp, started('fam-1', 'h0')).when({ type: 'EndSession', userId, familyId: 'fam-1' }).then([revoked]);
      user.given(signedUp, started('fam-1', 'h0'), revoked).when({ type: 'EndSession', userId, familyId: 'fam-1' }).thenNothing();
      user.given(signedUp).when({ type: 'EndSession', userId, familyId: 'fam-unknown' }).thenNothing();
    });
  });

  describe('profile', () => {
    it('records a changed name, and nothing when it is the same', () => {
      user
        .given(signedUp)
        .when({ type: 'UpdateProfile', userId, firstName: 'Dee', lastName: 'Reyes' })
        .then([{ type: 'UserProfileUpdated', data: { userId, firstName: 'Dee', lastName: 'Reyes' } }]);
      user.given(signedUp).when({ type: 'UpdateProfile', userId, firstName: 'Dana', lastName: null }).thenNothing();
    });
  });

  describe('password change', () => {
    it('records the new hash and revokes every other active session', () => {
      user
        .given(
          signedUp,
          started('fam-1', 'h0'),
          started('fam-2', 'h5'),
          started('fam-3', 'h7'),
          { type: 'SessionRevoked', data: { userId, familyId: 'fam-3', reason: 'sign_out' } },
        )
        .when({ type: 'ChangePassword', userId, passwordHash: 'hash-2', keepFamilyId: 'fam-1', at })
        .then([
          { type: 'PasswordChanged', data: { userId, passwordHash: 'hash-2' } },
          { type: 'SessionRevoked', data: { userId, familyId: 'fam-2', reason: 'password_changed' } },
        ]);
    });

    it('is refused for an account of a hosted provider', () => {
      user
        .given({ type: 'UserSignedUp', data: { ...profile, provider: 'clerk', passwordHash: null } })
        .when({ type: 'ChangePassword', userId, passwordHash: 'x', keepFamilyId: null, at })
        .thenFails('unsupported', { code: 'not_available' });
    });
  });

  describe('deletion', () => {
    it('revokes every active session and deletes the account, once', () => {
      const history: UserEvent[] = [signedUp, started('fam-1', 'h0'), started('fam-2', 'h5')];
      const deleted: UserEvent[] = [
        { type: 'SessionRevoked', data: { userId, familyId: 'fam-1', reason: 'account_deleted' } },
        { type: 'SessionRevoked', data: { userId, familyId: 'fam-2', reason: 'account_deleted' } },
        { type: 'UserDeleted', data: { userId } },
      ];
      user.given(...history).when({ type: 'DeleteUser', userId, at }).then(deleted);
      user.given(...history, ...deleted).when({ type: 'DeleteUser', userId, at }).thenRefuses(SessionRefusedError, { reason: 'account_deleted' });
    });
  });
  describe('roles', () => {
    const grant: UserCommand = { type: 'GrantRole', userId, role: 'analyst', by: 'ops', reason: 'pilot' };
    const granted: UserEvent = { type: 'UserRoleGranted', data: { userId, role: 'analyst', grantedBy: 'ops', reason: 'pilot' } };

    it('grants a role once: granting it again records nothing', () => {
      user.given(signedUp).when(grant).then([granted]);
      user.given(signedUp, granted).when(grant).thenNothing();
    });

    it('revokes a role the user holds, and only then', () => {
      const revoke: UserCommand = { type: 'RevokeRole', userId, role: 'analyst', by: 'ops', reason: null };
      user.given(signedUp, granted).when(revoke).then([{ type: 'UserRoleRevoked', data: { userId, role: 'analyst', revokedBy: 'ops', reason: null } }]);
      user.given(signedUp).when(revoke).thenNothing();
    });

    it('refuses a role that does not exist, naming it', () => {
      user.given(signedUp).when({ ...grant, role: 'admin' }).thenFails('invalid', { code: 'unknown_role', field: 'role' });
    });

    it('refuses an account that does not exist or was deleted', () => {
      user.when(grant).thenFails('not_found');
      user.given(signedUp, { type: 'UserDeleted', data: { userId } }).when(grant).thenRefuses(SessionRefusedError, { reason: 'account_deleted' });
      expect(user.given(signedUp, granted, { type: 'UserDeleted', data: { userId } }).state.roles).toEqual([]);
    });
  });
});
