import { keySensitivity, keyWords } from '../../infrastructure/logging';
import { maskDigitsAfterThree, maskPhoneNumbers } from './phone-numbers';

/** Spec section 9: tracking keeps at most this much of an error message. */
export const MAX_ERROR_MESSAGE_LENGTH = 500;

/** Field names are judged by their first 100 characters: the word splitting is slow on longer ones. */
const sensitivityOf = (key: string) => keySensitivity(key.slice(0, 100));
const isErrorMessageKey = (key: string) => key.length < 40 && keyWords(key).join('') === 'errormessage';

/**
 * What the server stores of properties or traits the browser sent, at any depth: fields the spec counts
 * as sensitive (credentials, sessions, cookies, fingerprints, e-mail addresses; see `keySensitivity`) are
 * dropped, phone numbers are masked after their first 3 digits (the whole value under a phone-named key,
 * numbers found in any other text), and error messages are cut to 500 characters. The product's own
 * pseudonymous ids (call, business, user ids) stay: the spec's events are about them.
 */
export function cleanAnalyticsData(data: Record<string, unknown>): Record<string, unknown> {
  return cleanObject(data);
}

function cleanObject(data: Record<string, unknown>): Record<string, unknown> {
  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const sensitivity = sensitivityOf(key);
    if (sensitivity === 'secret') continue;
    if (sensitivity === 'phone' && (typeof value === 'string' || typeof value === 'number')) {
      cleaned[key] = maskDigitsAfterThree(String(value));
    } else if (isErrorMessageKey(key) && typeof value === 'string') {
      cleaned[key] = maskPhoneNumbers(value).slice(0, MAX_ERROR_MESSAGE_LENGTH);
    } else {
      cleaned[key] = cleanValue(value);
    }
  }
  return cleaned;
}

function cleanValue(value: unknown): unknown {
  if (typeof value === 'string') return maskPhoneNumbers(value);
  if (Array.isArray(value)) return value.map(cleanValue);
  if (value !== null && typeof value === 'object') return cleanObject(value as Record<string, unknown>);
  return value;
}

/**
 * A page address as stored: query parameters with sensitive names (a reset link's `token`, an `email`)
 * are removed and phone numbers masked. Works on absolute URLs, paths and bare query strings alike.
 */
export function cleanUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt === -1) return maskPhoneNumbers(url);
  const params = new URLSearchParams(beforeHash.slice(queryAt + 1));
  const kept = new URLSearchParams();
  for (const [name, value] of params) {
    const sensitivity = sensitivityOf(name);
    if (sensitivity === 'secret') continue;
    kept.append(name, sensitivity === 'phone' ? maskDigitsAfterThree(value) : maskPhoneNumbers(value));
  }
  const query = kept.toString();
  return maskPhoneNumbers(beforeHash.slice(0, queryAt)) + (query ? `?${query}` : '') + maskPhoneNumbers(hash);
}
