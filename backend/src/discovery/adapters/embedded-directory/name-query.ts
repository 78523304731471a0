import type { CategoryMatcher } from './category-matcher';
import type { FuzzyVocabulary } from './fuzzy-vocabulary';
import type { LocationResolver } from './location-resolver';
import type { LocationScope } from './location-scope';
import { longestPhraseSpans } from './phrase-spans';
import { stem, STOPWORDS, tokenize, WEAK_WORDS } from './search-text';

/**
 * required: a word the business should match (by name or category); weak: a generic word ('co', 'service')
 * that adds to a match but never makes one; optional: a place word ('downtown', the city's own name) that
 * favours businesses there or named after it.
 */
export type QueryUnitRole = 'required' | 'weak' | 'optional';

/** One word, or one multi-word category or place phrase, of a business-name query. */
export interface QueryUnit {
  role: QueryUnitRole;
  /** Per word: the name vocabulary ids it may stand for, with their similarity. */
  wordMatches: Map<number, number>[];
  /** Categories the unit names, with how surely. */
  categories: Set<number> | null;
  categorySimilarity: number;
  /** Neighbourhoods the unit names, per city index. */
  neighbourhoods: Map<number, Set<string>> | null;
}

export interface NameQuery {
  units: QueryUnit[];
  /** Best similarity of every name word any query word may stand for. */
  bestTermSimilarity: Map<number, number>;
}

const NAME_PHRASE_MAX_WORDS = 4;

/** Splits a business-name query into units, reading place words against the scope of the search. */
export function analyzeNameQuery(
  businessName: string,
  scope: LocationScope,
  vocabulary: FuzzyVocabulary,
  categories: CategoryMatcher,
  places: LocationResolver,
): NameQuery {
  const words = tokenize(businessName);
  const stems = words.map(stem);
  const units: (QueryUnit & { start: number })[] = [];
  const taken = new Array<boolean>(words.length).fill(false);
  const wordMatchesOf = (start: number, end: number) => words.slice(start, end).map((word) => termMatches(vocabulary, word));

  for (const span of longestPhraseSpans(words, NAME_PHRASE_MAX_WORDS, (phrase) => places.placePhrase(phrase, scope))) {
    for (let index = span.start; index < span.end; index += 1) taken[index] = true;
    const neighbourhoods = span.value.neighbourhoods.size > 0 ? span.value.neighbourhoods : null;
    units.push({ start: span.start, role: 'optional', wordMatches: wordMatchesOf(span.start, span.end), categories: null, categorySimilarity: 0, neighbourhoods });
  }

  const isKnownWord = (word: string) => vocabulary.idOf(word) !== undefined;
  const freeStems = stems.map((word, index) => (taken[index] ? '\u0000' : word));
  for (const span of categories.spans(freeStems, isKnownWord)) {
    for (let index = span.start; index < span.end; index += 1) taken[index] = true;
    units.push({
      start: span.start,
      role: 'required',
      wordMatches: wordMatchesOf(span.start, span.end),
      categories: span.categories,
      categorySimilarity: span.similarity,
      neighbourhoods: null,
    });
  }

  stems.forEach((word, index) => {
    if (taken[index] || STOPWORDS.has(word)) return;
    const role: QueryUnitRole = WEAK_WORDS.has(word) ? 'weak' : 'required';
    units.push({ start: index, role, wordMatches: wordMatchesOf(index, index + 1), categories: null, categorySimilarity: 0, neighbourhoods: null });
  });

  // With nothing required, the place words (then the generic ones) are what the visitor is after.
  if (!units.some((unit) => unit.role === 'required')) {
    const promoted = units.some((unit) => unit.role === 'optional') ? 'optional' : 'weak';
    for (const unit of units) if (unit.role === promoted) unit.role = 'required';
  }

  const bestTermSimilarity = new Map<number, number>();
  for (const unit of units) {
    for (const matches of unit.wordMatches) {
      for (const [id, similarity] of matches) if ((bestTermSimilarity.get(id) ?? 0) < similarity) bestTermSimilarity.set(id, similarity);
    }
  }
  units.sort((a, b) => a.start - b.start);
  return { units: units.map(({ start: _start, ...unit }) => unit), bestTermSimilarity };
}

/**
 * Name words a query word may stand for. The unstemmed form is tried too, as a typo can fool the stemmer,
 * and without a final 's', for possessives typed without the apostrophe ('guss' for "Gus's").
 */
function termMatches(vocabulary: FuzzyVocabulary, word: string): Map<number, number> {
  const matches = new Map<number, number>();
  const forms = new Set([stem(word), word]);
  if (word.length > 3 && word.endsWith('s')) forms.add(word.slice(0, -1)).add(stem(word.slice(0, -1)));
  for (const form of forms) {
    for (const { id, similarity } of vocabulary.match(form)) if ((matches.get(id) ?? 0) < similarity) matches.set(id, similarity);
  }
  return matches;
}
