import { ERROR_MESSAGE_MAX_LENGTH } from './analytics-limits';
import { maskPhoneNumbers } from './mask-phone-numbers';

/** Property names whose text is an error message, cut to 500 characters (spec section 9). */
const ERROR_MESSAGE_KEYS = new Set(['errorMessage', 'error_message']);

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function sanitizeValue(value: unknown, key: string | null, depth: number): unknown {
  if (typeof value === 'string') {
    // Masked before it is cut, so a number cut in half cannot escape the mask.
    const masked = maskPhoneNumbers(value);
    return key !== null && ERROR_MESSAGE_KEYS.has(key) ? truncate(masked, ERROR_MESSAGE_MAX_LENGTH) : masked;
  }
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => sanitizeValue(item, null, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, sanitizeValue(item, name, depth + 1)]));
}

/**
 * Properties or traits as they may leave the browser: phone numbers in any string masked after their first
 * three digits and error messages truncated to 500 characters (spec section 9).
 */
export function sanitizeProperties<T extends Record<string, unknown>>(properties: T): T {
  return sanitizeValue(properties, null, 0) as T;
}
