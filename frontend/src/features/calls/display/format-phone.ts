/** A North American E.164 number as (212) 555-0199; other numbers as given. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return 'Not available';
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits.length === 10 ? digits : null;
  if (!national) return phone;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
