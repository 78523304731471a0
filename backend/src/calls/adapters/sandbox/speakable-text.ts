/**
 * Text rewritten the way a person reads it aloud, for a speech synthesizer: phone numbers digit by
 * digit in their groups, amounts of money with the unit after the number.
 */
export function speakableText(text: string): string {
  return text
    .replace(/\b(\d{3})-(\d{3})-(\d{4})\b/g, (_, area: string, exchange: string, line: string) => [area, exchange, line].map(spaced).join(', '))
    .replace(/\$(\d+(?:\.\d\d)?)/g, (_, amount: string) => `${amount} dollars`);
}

function spaced(digits: string): string {
  return digits.split('').join(' ');
}
