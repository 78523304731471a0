import type { DirectoryCategory } from './directory-data-set';
import { FuzzyVocabulary } from './fuzzy-vocabulary';
import { longestPhraseSpans } from './phrase-spans';
import { stem, STOPWORDS, tokenize } from './search-text';

/** Words of a query that name one or more categories ('plumber', 'air conditioning', 'dentst'). */
export interface CategorySpan {
  start: number;
  end: number;
  categories: Set<number>;
  /** 1 for a known word, less for a typo or a prefix. */
  similarity: number;
}

const MIN_FUZZY_LENGTH = 4;
const MIN_FUZZY_SIMILARITY = 0.7;

/** Recognises category words and synonyms in stemmed query words. */
export class CategoryMatcher {
  private readonly phrases = new Map<string, Set<number>>();
  private readonly singleWords = new FuzzyVocabulary();
  private readonly singleWordCategories: Set<number>[] = [];
  private maxWords = 1;

  constructor(categories: readonly DirectoryCategory[]) {
    categories.forEach((category, index) => {
      for (const word of [category.label, ...category.words]) {
        const stems = tokenize(word).map(stem);
        if (stems.length === 0) continue;
        const phrase = stems.join(' ');
        const set = this.phrases.get(phrase) ?? new Set<number>();
        set.add(index);
        this.phrases.set(phrase, set);
        this.maxWords = Math.max(this.maxWords, stems.length);
        if (stems.length === 1) {
          const id = this.singleWords.add(phrase);
          (this.singleWordCategories[id] ??= new Set()).add(index);
        }
      }
    });
  }

  /**
   * Category phrases among `stems` (longest first). A word may also be read as a misspelt or shortened
   * category word, unless `isKnownWord` says it is a real word of some business name.
   */
  spans(stems: readonly string[], isKnownWord: (stem: string) => boolean): CategorySpan[] {
    const spans = longestPhraseSpans(stems, this.maxWords, (phrase, start, end) => {
      const exact = this.phrases.get(phrase);
      if (exact) return { categories: exact, similarity: 1 };
      if (end - start > 1 || phrase.length < MIN_FUZZY_LENGTH || STOPWORDS.has(phrase) || isKnownWord(phrase)) return undefined;
      const matches = this.singleWords.match(phrase).filter((match) => match.similarity >= MIN_FUZZY_SIMILARITY);
      if (matches.length === 0) return undefined;
      const similarity = Math.max(...matches.map((match) => match.similarity));
      const categories = new Set<number>();
      for (const match of matches) {
        // Only the closest readings: 'dentst' means dentist, not whatever else it faintly resembles.
        if (match.similarity >= similarity - 0.05) this.singleWordCategories[match.id]!.forEach((category) => categories.add(category));
      }
      return { categories, similarity };
    });
    return spans.map(({ start, end, value }) => ({ start, end, ...value }));
  }
}
