/** Digits of a phone number left readable (spec section 9: "masks phone numbers after the first 3 digits"). */
export const PHONE_DIGITS_KEPT = 3;

/**
 * International numbers written with their `+` prefix: 8 to 15 digits (E.164), separators allowed.
 * Not preceded by a word character, so `a+12345678` inside an id is left alone.
 */
const INTERNATIONAL = /(?<![\w+])\+\d(?:[\s.()-]{0,2}\d){7,14}(?![\d])/g;

/**
 * North American numbers without `+`: an optional leading 1, area code and exchange starting 2-9, then four
 * digits, e.g. (312) 555-0147, 312.555.0147, 1-312-555-0147, 3125550147. The look-arounds keep digits that
 * are part of a longer number, an id (`call_3125550147`), a decimal or an amount out: a timestamp such as
 * 1717171717 starts with 1, and 2024-05-01 or $3125.50 do not have the shape.
 */
const NORTH_AMERICAN = /(?<![\w$€£.,+-])(?:1[\s.-]?)?(?:\([2-9]\d{2}\)|[2-9]\d{2})[\s.-]?[2-9]\d{2}[\s.-]?\d{4}(?![\w.,-]?\d)(?!\w)/g;

function maskDigits(number: string): string {
  let seen = 0;
  return number.replace(/\d/g, (digit) => (++seen <= PHONE_DIGITS_KEPT ? digit : '*'));
}

/** `text` with every digit of every phone number in it after the first three replaced by `*`; other text unchanged. */
export function maskPhoneNumbers(text: string): string {
  return text.replace(INTERNATIONAL, maskDigits).replace(NORTH_AMERICAN, maskDigits);
}
