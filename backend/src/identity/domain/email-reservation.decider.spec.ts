import type { EmailReservationEvent } from '@ringcheck/projections';
import { deciderSpec } from '../../infrastructure/event-sourcing/testing/decider-spec';
import { emailReservationStream, normalizeEmail } from './email-address';
import { ABANDONED_RESERVATION_MS, type EmailReservationCommand, emailReservationDecider } from './email-reservation.decider';

const at = '2026-11-22T10:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(at) + ms).toISOString();
const reserved = (userId: string): EmailReservationEvent => ({ type: 'EmailReserved', data: { userId, reservedAt: at } });
const reserve = (userId: string, holderHasAccount = true, now = at): EmailReservationCommand => ({ type: 'ReserveEmail', userId, at: now, holderHasAccount });
const address = deciderSpec(emailReservationDecider);

describe('email reservation decider', () => {
  it('given a free address, when reserved, then the user holds it', () => {
    address.when(reserve('user_a')).then([reserved('user_a')]);
  });

  it('given a held address, when another user reserves it, then it is refused as taken', () => {
    address.given(reserved('user_a')).when(reserve('user_b')).thenFails('conflict', { code: 'email_taken', field: 'email' });
  });

  it('given a reservation whose sign-up never recorded an account, when reserved a minute later, then it is taken over', () => {
    address.given(reserved('user_a')).when(reserve('user_b', false, later(ABANDONED_RESERVATION_MS - 1))).thenFails('conflict', { code: 'email_taken' });
    address
      .given(reserved('user_a'))
      .when(reserve('user_b', false, later(ABANDONED_RESERVATION_MS)))
      .then([
        { type: 'EmailReleased', data: { userId: 'user_a', reason: 'abandoned' } },
        { type: 'EmailReserved', data: { userId: 'user_b', reservedAt: later(ABANDONED_RESERVATION_MS) } },
      ]);
  });

  it('given a released address, when reserved again, then the new user holds it', () => {
    const released: EmailReservationEvent = { type: 'EmailReleased', data: { userId: 'user_a', reason: 'account_deleted' } };
    address.given(reserved('user_a'), released).when(reserve('user_b')).then([reserved('user_b')]);
  });

  it('releases only for the holder', () => {
    address.given(reserved('user_a')).when({ type: 'ReleaseEmail', userId: 'user_b', reason: 'account_deleted' }).thenNothing();
    address
      .given(reserved('user_a'))
      .when({ type: 'ReleaseEmail', userId: 'user_a', reason: 'account_deleted' })
      .then([{ type: 'EmailReleased', data: { userId: 'user_a', reason: 'account_deleted' } }]);
  });

  it('names the stream by a hash of the normalized address, never the address itself', () => {
    expect(normalizeEmail('  Owner@Example.COM ')).toBe('owner@example.com');
    const stream = emailReservationStream('owner@example.com');
    expect(stream).toMatch(/^email-[0-9a-f]{64}$/);
    expect(stream).not.toContain('owner');
  });
});
