const COMBINING_MARKS = /[\u0300-\u036f]/g;
const APOSTROPHES = /['’‘`´]/g;
const POSSESSIVE = /([A-Za-z])['’‘`´]s\b/g;

/** Words that carry no meaning in a business-name search. */
export const STOPWORDS = new Set([
  'the', 'and', 'of', 'near', 'in', 'at', 'a', 'an', 'for', 'my', 'me', 'around', 'by', 'best', 'top', 'local',
  'nearby', 'closest', 'cheap', 'good', 'open', 'now', 'on', 'to', 'with', 'area', 'from',
]);

/** Stems of words common to many business names: they add to a match but never make one on their own. */
export const WEAK_WORDS = new Set([
  'co', 'company', 'inc', 'llc', 'llp', 'pc', 'pllc', 'corp', 'ltd', 'service', 'group', 'care', 'center', 'shop',
  'studio', 'associate', 'partner', 'solution', 'system', 'pro',
]);

/** A word of a query with whether it was typed in capitals (so 'OR' can be Oregon while 'or' is not). */
export interface CasedWord {
  word: string;
  upper: boolean;
}

/**
 * Folds text for matching: accents dropped, possessives and apostrophes removed ("Joe's" -> "Joe",
 * "O'Brien" -> "OBrien"), '&' read as 'and',
 * anything else that is not a letter or digit becomes a space.
 */
export function foldCase(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(POSSESSIVE, '$1')
    .replace(APOSTROPHES, '')
    .replace(/&/g, ' and ')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim();
}

export function normalizeText(text: string): string {
  return foldCase(text).toLowerCase();
}

export function tokenize(text: string): string[] {
  const folded = normalizeText(text);
  return folded === '' ? [] : folded.split(' ');
}

export function tokenizeWithCase(text: string): CasedWord[] {
  const folded = foldCase(text);
  if (folded === '') return [];
  return folded.split(' ').map((raw) => ({ word: raw.toLowerCase(), upper: raw.length > 1 && raw === raw.toUpperCase() && /[A-Z]/.test(raw) }));
}

/** A light stemmer for plurals and possessives: 'plumbers' -> 'plumber', 'joes' -> 'joe', 'bakeries' -> 'bakery'. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !/\d/.test(word)) return word.slice(0, -1);
  return word;
}
