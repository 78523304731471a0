import { normalizeE164 } from '../domain/e164';
import { type DialingRefusal, dialingRefusal, type DialingRefusalReason } from './dialing-refusal';
import { isFictional, isN11, isPremiumRate, nanpParts } from './nanp';

export interface DialingRules {
  /** E.164 country codes real calls may reach, e.g. ['1']. */
  readonly allowedCountryCodes: readonly string[];
  /** Our own caller ids, in E.164. */
  readonly ownNumbers: readonly string[];
}

export type DialingDecision = { readonly allowed: true; readonly e164: string } | DialingRefusal;

/**
 * Whether a real call may dial `input`, and the E.164 number it dials. Refused: numbers that do not
 * normalise to E.164 in an allowed country, emergency and service numbers, premium-rate and
 * fictional numbers, and our own caller id.
 */
export function checkDialable(input: string, rules: DialingRules): DialingDecision {
  const refuse = (reason: DialingRefusalReason) => dialingRefusal(reason, rules.allowedCountryCodes);
  if (isShortCode(input.replace(/\D/g, ''))) return refuse('emergency_or_service_number');
  const e164 = toE164(input);
  if (!e164) return refuse('not_a_phone_number');
  if (!rules.allowedCountryCodes.some((code) => e164.startsWith(`+${code}`))) return refuse('country_not_allowed');
  if (e164.startsWith('+1')) {
    const nanp = nanpParts(e164);
    if (!nanp) return refuse('not_a_phone_number');
    if (isN11(nanp.areaCode) || isN11(nanp.exchange)) return refuse('emergency_or_service_number');
    if (isPremiumRate(nanp)) return refuse('premium_rate');
    if (isFictional(nanp)) return refuse('fictional_number');
  }
  if (rules.ownNumbers.some((own) => toE164(own) === e164)) return refuse('own_number');
  return { allowed: true, e164 };
}

/** One to three digits (0, 911, 112, 999, 000, 411, …), or 1 and three digits (1-911). */
function isShortCode(digits: string): boolean {
  return (digits.length >= 1 && digits.length <= 3) || (digits.length === 4 && digits.startsWith('1'));
}

/**
 * As the app normalises numbers (spec section 5), except that a number written with its leading +
 * keeps its own country code, since the app's rule would read +44… as a +1 number.
 */
export function toE164(input: string): string | null {
  if (!input.trim().startsWith('+')) return normalizeE164(input);
  const digits = input.replace(/\D/g, '');
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}
