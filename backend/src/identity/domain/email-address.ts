import { createHash } from 'node:crypto';

/** The form e-mail addresses are compared in: trimmed and lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The reservation stream of an address; the address itself never appears in a stream name. */
export function emailReservationStream(emailNormalized: string): string {
  return `email-${createHash('sha256').update(emailNormalized).digest('hex')}`;
}
