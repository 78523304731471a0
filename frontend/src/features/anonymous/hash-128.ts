/**
 * A fast, non-cryptographic 128-bit string hash as 32 hex characters: four 32-bit lanes, each
 * mixed with a multiply-xorshift step per UTF-16 unit and finished with avalanche rounds.
 */
export function hash128(input: string): string {
  let a = 0x6a09e667;
  let b = 0xbb67ae85;
  let c = 0x3c6ef372;
  let d = 0xa54ff53a;
  for (let i = 0; i < input.length; i++) {
    const k = input.charCodeAt(i);
    a = b ^ Math.imul(a ^ k, 597399067);
    b = c ^ Math.imul(b ^ k, 2869860233);
    c = d ^ Math.imul(c ^ k, 951274213);
    d = a ^ Math.imul(d ^ k, 2716044179);
  }
  a = Math.imul(c ^ (a >>> 18), 597399067);
  b = Math.imul(d ^ (b >>> 22), 2869860233);
  c = Math.imul(a ^ (c >>> 17), 951274213);
  d = Math.imul(b ^ (d >>> 19), 2716044179);
  a ^= b ^ c ^ d;
  b ^= a;
  c ^= a;
  d ^= a;
  return [a, b, c, d].map((lane) => (lane >>> 0).toString(16).padStart(8, '0')).join('');
}
