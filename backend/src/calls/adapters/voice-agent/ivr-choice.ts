import type { BusinessUtterance, IvrOption } from '../../ports/voice-agent';

const OPERATOR = /\b(operator|front desk|representative|receptionist|all other|anything else|someone|staff|speak (to|with)|other (questions|inquiries))\b/i;
const DIGIT_WORDS: Record<string, string> = { star: '*', pound: '#' };

/** The options of a menu: as listed, or read from its words ('For billing, press 2.'). */
export function ivrOptionsOf(menu: BusinessUtterance): IvrOption[] {
  if (menu.options && menu.options.length > 0) return menu.options;
  const options: IvrOption[] = [];
  const add = (digit: string, label: string) => {
    const key = DIGIT_WORDS[digit.toLowerCase()] ?? digit;
    if (!options.some((option) => option.digit === key)) options.push({ digit: key, label: label.trim() });
  };
  for (const match of menu.text.matchAll(/\b((?:for|to)\s[^.;!?]+?),?\s+press\s+(\d|star|pound)\b/gi)) add(match[2]!, match[1]!);
  for (const match of menu.text.matchAll(/\bpress\s+(\d|star|pound)\s+((?:for|to)\s[^,.;!?]+)/gi)) add(match[1]!, match[2]!);
  return options;
}

/**
 * The key that best serves the caller's goal: the option whose words share the most keywords,
 * else an operator or front-desk option, else '0'. Keys already tried on this menu are skipped;
 * null means nothing is left to try.
 */
export function chooseIvrDigit(options: readonly IvrOption[], keywords: readonly string[], tried: readonly string[] = []): string | null {
  const open = options.filter((option) => !tried.includes(option.digit));
  let best: IvrOption | null = null;
  let bestScore = 0;
  for (const option of open) {
    const label = option.label.toLowerCase();
    const score = keywords.filter((keyword) => label.includes(keyword.toLowerCase())).length;
    if (score > bestScore) {
      best = option;
      bestScore = score;
    }
  }
  if (best) return best.digit;
  const operator = open.find((option) => OPERATOR.test(option.label));
  if (operator) return operator.digit;
  return tried.includes('0') ? null : '0';
}
