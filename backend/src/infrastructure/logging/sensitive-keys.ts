/**
 * How a log field is treated, decided from its key alone:
 * - `phone`: the value is masked, keeping its first 3 and last 2 characters;
 * - `phone-like`: an ambiguous name (Twilio's `To`, `From`, ...) masked only when the value looks like a number;
 * - `secret`: the value becomes '[REDACTED]';
 * - `identifier`: a user, call, discovery or business identifier, redacted when it is a scalar
 *   (a `user` or `call` key holding a whole object is walked instead, so its own fields decide).
 */
export type KeySensitivity = 'phone' | 'phone-like' | 'secret' | 'identifier';

const SECRET_WORDS = [
  'email',
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'authorization',
  'csrf',
  'xsrf',
  'cookie',
  'session',
  'fingerprint',
  'signature',
  'credential',
  'jwt',
];
const COMPOUND_KEY = /(api|write|private|secret|access|signing|encryption|auth|license|publishable|client|master)key$/;
const PHONE_NUMBER_QUALIFIERS = new Set([
  'to',
  'from',
  'caller',
  'called',
  'mobile',
  'cell',
  'contact',
  'fax',
  'tel',
  'forwarded',
  'callback',
]);
const AMBIGUOUS_PHONE_KEYS = new Set(['to', 'from', 'caller', 'called', 'forwardedfrom', 'msisdn', 'tel']);
const IDENTIFIER_SUBJECTS = new Set([
  'user',
  'call',
  'disc',
  'discovery',
  'business',
  'anon',
  'anonymous',
  'place',
  'plsr',
  'clerk',
  'account',
  'customer',
  'caller',
  'owner',
  'visitor',
]);
const IDENTIFIER_SUFFIXES = new Set(['id', 'ids', 'sid', 'uid', 'uuid']);
const IDENTIFIER_NAMES = new Set([
  'user',
  'call',
  'discovery',
  'businessdiscovery',
  'business',
  'anon',
  'anonymous',
  'username',
  'userid',
  'callid',
  'anonid',
  'sid',
  'uid',
]);

/** Splits `x-csrf-token`, `phoneNumber`, `CallSid` or `user_ID` into lower-case words. */
export function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function keySensitivity(key: string): KeySensitivity | undefined {
  const words = keyWords(key);
  if (words.length === 0) return undefined;
  const joined = words.join('');
  const last = words[words.length - 1];

  if (joined.includes('phone')) return 'phone';
  if (last === 'number' && words.some((word) => PHONE_NUMBER_QUALIFIERS.has(word))) return 'phone';
  if (AMBIGUOUS_PHONE_KEYS.has(joined)) return 'phone-like';

  if (SECRET_WORDS.some((word) => joined.includes(word))) return 'secret';
  if (last === 'key' || COMPOUND_KEY.test(joined)) return 'secret';

  if (IDENTIFIER_NAMES.has(joined)) return 'identifier';
  if (IDENTIFIER_SUFFIXES.has(last) && (last === 'sid' || words.some((word) => IDENTIFIER_SUBJECTS.has(word)))) {
    return 'identifier';
  }
  return undefined;
}
