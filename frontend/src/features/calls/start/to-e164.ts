/**
 * A phone number in E.164 (spec section 5): strip non-digits; prefix 1 for 10 digits; when longer
 * than 10 digits and not starting with 1, prefix 1; then add a plus. Null when there are no digits.
 */
export function toE164(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length > 10 && !digits.startsWith('1')) return `+1${digits}`;
  return `+${digits}`;
}
