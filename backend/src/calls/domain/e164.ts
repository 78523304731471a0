/**
 * Spec section 5: strip non-digits; prefix 1 for 10 digits; if longer than 10 digits and not
 * starting with 1, prefix 1; then add a plus. Returns null when the result cannot be a number.
 */
export function normalizeE164(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 10) digits = `1${digits}`;
  else if (digits.length > 10 && !digits.startsWith('1')) digits = `1${digits}`;
  if (digits.length < 11 || digits.length > 15) return null;
  return `+${digits}`;
}
