import { ApiError } from '../../../api/api-error';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The server's `fields` answer (`{ email: ['...'] }`) for the fields a form shows. */
export function fieldErrorsOf<K extends string>(error: unknown, fields: readonly K[]): FieldErrors<K> {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return {};
  const raw = (error.body as { fields?: unknown }).fields;
  if (typeof raw !== 'object' || raw === null) return {};
  const result: FieldErrors<K> = {};
  for (const field of fields) {
    const value = (raw as Record<string, unknown>)[field];
    const messages = Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string') : typeof value === 'string' ? [value] : [];
    if (messages.length > 0) result[field] = messages.join(' ');
  }
  return result;
}

/** The sentence shown above a form whose request failed, unless the field errors say it all. */
export function formErrorOf(error: unknown, fieldErrors: Record<string, string | undefined>): string | null {
  if (!(error instanceof ApiError)) return 'Could not reach Ringcheck. Check your connection and try again.';
  if (Object.values(fieldErrors).some(Boolean)) return null;
  return error.message;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): string | undefined {
  if (!email.trim()) return 'E-mail is required';
  return EMAIL_PATTERN.test(email.trim()) ? undefined : 'Enter a valid e-mail address';
}

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** A new password: 10 to 200 characters, as the server requires. */
export function newPasswordError(password: string): string | undefined {
  if (!password) return 'Password is required';
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`;
  }
  return undefined;
}
