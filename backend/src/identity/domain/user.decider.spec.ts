import type { UserEvent, UserSignedUpData } from '@ringcheck/projections';
import { DomainError, foldEvents } from '../../infrastructure/event-sourcing';
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

const given = (...events: UserEvent[]) => foldEvents(userDecider, events);
const when = (command: UserCommand, ...history: UserEvent[]) => userDecider.decide(command, given(...history));
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

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
      expect(when({ type: 'SignUp', profile, session: session('fam-1', 'h0'), at })).toEqual([
        { type: 'UserSignedUp', data: profile },
        { type: 'UserSignedIn', data: { userId, method: 'password', sessionId: 'fam-1', signedInAt: at } },
        started('fam-1', 'h0'),
      ]);
    });

    it('given a hosted user already known, when signing up again, then nothing is recorded', () => {
      const clerk = { ...profile, provider: 'clerk' as const, passwordHash: null, externalSubject: 'user_2abc' };
      expect(when({ type: 'SignUp', profile: clerk, session: null, at }, { type: 'UserSignedUp', data: clerk })).toEqual([]);
    });

    it('given a deleted account, when signing up with its id, then it is refused', () => {
      const error = refusal(() => when({ type: 'SignUp', profile, session: null, at }, signedUp, { type: 'UserDeleted', data: { userId } }));
      expect(error).toMatchObject({ reason: 'account_deleted' });
    });
  });

  describe('sign-in', () => {
    it('given an account, when signing in with a password, then a sign-in and a new session are recorded', () => {
      expect(when({ type: 'SignIn', userId, method: 'password', session: session('fam-2', 'h9'), at }, signedUp)).toEqual([
        { type: 'UserSignedIn', data: { userId, method: 'password', sessionId: 'fam-2', signedInAt: at } },
        started('fam-2', 'h9'),
      ]);
    });

    it('given a token sign-in less than an hour ago, when another token is seen, then nothing is recorded; after an hour it is', () => {
      const signedIn: UserEvent = { type: 'UserSignedIn', data: { userId, method: 'token', sessionId: null, signedInAt: at } };
      expect(when({ type: 'SignIn', userId, method: 'token', session: null, at: later(59 * 60_000) }, signedUp, signedIn)).toEqual([]);
      expect(when({ type: 'SignIn', userId, method: 'token', session: null, at: later(60 * 60_000) }, signedUp, signedIn)).toHaveLength(1);
    });

    it('given no account or a deleted one, when signing in, then it is refused', () => {
      expect(refusal(() => when({ type: 'SignIn', userId, method: 'password', session: null, at }))).toBeInstanceOf(DomainError);
      expect(
        refusal(() => when({ type: 'SignIn', userId, method: 'password', session: null, at }, signedUp, { type: 'UserDeleted', data: { userId } })),
      ).toBeInstanceOf(SessionRefusedError);
    });
  });

  describe('refresh', () => {
    it('given a session, when its current token is presented, then it rotates', () => {
      expect(when(refresh('h0'), signedUp, started('fam-1', 'h0'))).toEqual([
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
      expect(when(refresh('h0', later(5_000)), signedUp, started('fam-1', 'h0'), refreshed('fam-1', 'h0', 'h1'))).toEqual([]);
    });

    it('given a token rotated earlier, when it is presented again, then the whole family is revoked for reuse', () => {
      const history = [signedUp, started('fam-1', 'h0'), refreshed('fam-1', 'h0', 'h1'), refreshed('fam-1', 'h1', 'h2')];
      const revoked = [{ type: 'SessionRevoked', data: { userId, familyId: 'fam-1', reason: 'reuse_detected' } }];
      expect(when(refresh('h0'), ...history)).toEqual(revoked);
      expect(when(refresh('h1', later(31_000)), ...history)).toEqual(revoked);
    });

    it('given a revoked, expired, unknown or foreign token, when presented, then it is refused with the reason', () => {
      const base = [signedUp, started('fam-1', 'h0')];
      const revoked: UserEvent = { type: 'SessionRevoked', data: { userId, familyId: 'fam-1', reason: 'sign_out' } };
      expect(refusal(() => when(refresh('h0'), ...base, revoked))).toMatchObject({ reason: 'refresh_token_revoked' });
      expect(refusal(() => when(refresh('h0', '2026-12-22T10:00:00.000Z'), ...base))).toMatchObject({ reason: 'refresh_token_expired' });
      expect(refusal(() => when(refresh('h-unknown'), ...base))).toMatchObject({ reason: 'refresh_token_invalid' });
      expect(refusal(() => when(refresh('h0', at, 'fam-other'), ...base))).toMatchObject({ reason: 'refresh_token_invalid' });
    });
  });

  describe('sign-out', () => {
    it('given an active session, when signing out, then it is revoked once', () => {
      const revoked: UserEvent = { type: 'SessionRevoked', data: { userId, familyId: 'fam-1', reason: 'sign_out' } };
      expect(when({ type: 'EndSession', userId, familyId: 'fam-1' }, signedUp, started('fam-1', 'h0'))).toEqual([revoked]);
      expect(when({ type: 'EndSession', userId, familyId: 'fam-1' }, signedUp, started('fam-1', 'h0'), revoked)).toEqual([]);
      expect(when({ type: 'EndSession', userId, familyId: 'fam-unknown' }, signedUp)).toEqual([]);
    });
  });

  describe('profile', () => {
    it('records a changed name, and nothing when it is the same', () => {
      expect(when({ type: 'UpdateProfile', userId, firstName: 'Dee', lastName: 'Reyes' }, signedUp)).toEqual([
        { type: 'UserProfileUpdated', data: { userId, firstName: 'Dee', lastName: 'Reyes' } },
      ]);
      expect(when({ type: 'UpdateProfile', userId, firstName: 'Dana', lastName: null }, signedUp)).toEqual([]);
    });
  });

  describe('password change', () => {
    it('records the new hash and revokes every other active session', () => {
      const history = [
        signedUp,
        started('fam-1', 'h0'),
        started('fam-2', 'h5'),
        started('fam-3', 'h7'),
        { type: 'SessionRevoked', data: { userId, familyId: 'fam-3', reason: 'sign_out' } } as UserEvent,
      ];
      expect(when({ type: 'ChangePassword', userId, passwordHash: 'hash-2', keepFamilyId: 'fam-1', at }, ...history)).toEqual([
        { type: 'PasswordChanged', data: { userId, passwordHash: 'hash-2' } },
        { type: 'SessionRevoked', data: { userId, familyId: 'fam-2', reason: 'password_changed' } },
      ]);
    });

    it('is refused for an account of a hosted provider', () => {
      const clerk: UserEvent = { type: 'UserSignedUp', data: { ...profile, provider: 'clerk', passwordHash: null } };
      expect(refusal(() => when({ type: 'ChangePassword', userId, passwordHash: 'x', keepFamilyId: null, at }, clerk))).toMatchObject({
        code: 'not_available',
      });
    });
  });

  describe('deletion', () => {
    it('revokes every active session and deletes the account, once', () => {
      const history = [signedUp, started('fam-1', 'h0'), started('fam-2', 'h5')];
      const events = when({ type: 'DeleteUser', userId, at }, ...history);
      expect(events).toEqual([
        { type: 'SessionRevoked', data: { userId, familyId: 'fam-1', reason: 'account_deleted' } },
        { type: 'SessionRevoked', data: { userId, familyId: 'fam-2', reason: 'account_deleted' } },
        { type: 'UserDeleted', data: { userId } },
      ]);
      expect(refusal(() => when({ type: 'DeleteUser', userId, at }, ...history, ...events))).toMatchObject({ reason: 'account_deleted' });
    });
  });
});
