import type { EmailReservationEvent } from '@ringcheck/projections';
import { foldEvents } from '../../infrastructure/event-sourcing';
import { emailReservationStream, normalizeEmail } from './email-address';
import { ABANDONED_RESERVATION_MS, type EmailReservationCommand, emailReservationDecider } from './email-reservation.decider';

const at = '2026-11-22T10:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(at) + ms).toISOString();
const reserved = (userId: string): EmailReservationEvent => ({ type: 'EmailReserved', data: { userId, reservedAt: at } });
const when = (command: EmailReservationCommand, ...history: EmailReservationEvent[]) =>
  emailReservationDecider.decide(command, foldEvents(emailReservationDecider, history));
const reserve = (userId: string, holderHasAccount = true, now = at): EmailReservationCommand => ({ type: 'ReserveEmail', userId, at: now, holderHasAccount });

describe('email reservation decider', () => {
  it('given a free address, when reserved, then the user holds it', () => {
    expect(when(reserve('user_a'))).toEqual([reserved('user_a')]);
  });

  it('given a held address, when another user reserves it, then it is refused as taken', () => {
    expect(() => when(reserve('user_b'), reserved('user_a'))).toThrow(expect.objectContaining({ status: 409, code: 'email_taken', field: 'email' }));
  });

  it('given a reservation whose sign-up never recorded an account, when reserved a minute later, then it is taken over', () => {
    expect(() => when(reserve('user_b', false, later(ABANDONED_RESERVATION_MS - 1)), reserved('user_a'))).toThrow();
    expect(when(reserve('user_b', false, later(ABANDONED_RESERVATION_MS)), reserved('user_a'))).toEqual([
      { type: 'EmailReleased', data: { userId: 'user_a', reason: 'abandoned' } },
      { type: 'EmailReserved', data: { userId: 'user_b', reservedAt: later(ABANDONED_RESERVATION_MS) } },
    ]);
  });

  it('given a released address, when reserved again, then the new user holds it', () => {
    const released: EmailReservationEvent = { type: 'EmailReleased', data: { userId: 'user_a', reason: 'account_deleted' } };
    expect(when(reserve('user_b'), reserved('user_a'), released)).toEqual([reserved('user_b')]);
  });

  it('releases only for the holder', () => {
    expect(when({ type: 'ReleaseEmail', userId: 'user_b', reason: 'account_deleted' }, reserved('user_a'))).toEqual([]);
    expect(when({ type: 'ReleaseEmail', userId: 'user_a', reason: 'account_deleted' }, reserved('user_a'))).toHaveLength(1);
  });

  it('names the stream by a hash of the normalized address, never the address itself', () => {
    expect(normalizeEmail('  Owner@Example.COM ')).toBe('owner@example.com');
    const stream = emailReservationStream('owner@example.com');
    expect(stream).toMatch(/^email-[0-9a-f]{64}$/);
    expect(stream).not.toContain('owner');
  });
});
