import { normalize } from './phrases';

const NON_DISTINCTIVE = new Set(['the', 'and', 'of', 'a', 'an', 'at', 'inc', 'llc', 'ltd', 'co', 'corp', 'company', 'pllc', 'pc']);

function words(text: string): string[] {
  return normalize(text)
    .replace(/&/g, ' and ')
    .replace(/'s\b/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** The words that identify the business in speech ("Joe's Plumbing & Drain, LLC" -> joe, plumbing, drain). */
export function nameTokens(businessName: string): string[] {
  const tokens = words(businessName).filter((word) => !NON_DISTINCTIVE.has(word));
  return [...new Set(tokens)];
}

/** True when the text says at least half of the business's distinctive name words. */
export function mentionsBusinessName(text: string, businessName: string): boolean {
  const tokens = nameTokens(businessName);
  if (tokens.length === 0) return false;
  const spoken = new Set(words(text));
  const found = tokens.filter((token) => spoken.has(token)).length;
  return found >= Math.ceil(tokens.length / 2);
}
