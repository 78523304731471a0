/** Why a number may not be dialled for real. */
export type DialingRefusalReason =
  | 'not_a_phone_number'
  | 'country_not_allowed'
  | 'emergency_or_service_number'
  | 'premium_rate'
  | 'fictional_number'
  | 'own_number';

export interface DialingRefusal {
  readonly allowed: false;
  readonly reason: DialingRefusalReason;
  /** Written for the person who asked for the call. */
  readonly message: string;
}

export function dialingRefusal(reason: DialingRefusalReason, allowedCountryCodes: readonly string[]): DialingRefusal {
  return { allowed: false, reason, message: messageFor(reason, allowedCountryCodes) };
}

function messageFor(reason: DialingRefusalReason, allowedCountryCodes: readonly string[]): string {
  switch (reason) {
    case 'not_a_phone_number':
      return 'This is not a phone number we can call. Enter the full number with its area code.';
    case 'country_not_allowed':
      return `Ringcheck calls only numbers with the country code ${allowedCountryCodes.map((code) => `+${code}`).join(' or ')}.`;
    case 'emergency_or_service_number':
      return 'Emergency and service numbers (such as 911, 112 or 411) are never called.';
    case 'premium_rate':
      return 'Premium-rate numbers (900 and 976) are never called.';
    case 'fictional_number':
      return 'Numbers from 555-0100 to 555-0199 are fictional: a real call cannot reach them.';
    case 'own_number':
      return "This is Ringcheck's own calling number: it cannot call itself.";
  }
}
