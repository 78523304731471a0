import { boundedEditDistance } from './edit-distance';
import { FuzzyVocabulary } from './fuzzy-vocabulary';
import { normalizeText, stem, tokenize } from './search-text';

describe('boundedEditDistance', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours as one edit each', () => {
    expect(boundedEditDistance('plumbing', 'plumbing', 2)).toBe(0);
    expect(boundedEditDistance('plumbng', 'plumbing', 2)).toBe(1);
    expect(boundedEditDistance('plumbinng', 'plumbing', 2)).toBe(1);
    expect(boundedEditDistance('plumbimg', 'plumbing', 2)).toBe(1);
    expect(boundedEditDistance('plubming', 'plumbing', 2)).toBe(1);
    expect(boundedEditDistance('dentsit', 'dentist', 2)).toBe(1);
    expect(boundedEditDistance('kitten', 'sitting', 5)).toBe(3);
  });

  it('gives up beyond the bound', () => {
    expect(boundedEditDistance('kitten', 'sitting', 1)).toBe(2);
    expect(boundedEditDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('FuzzyVocabulary', () => {
  const vocabulary = new FuzzyVocabulary();
  for (const word of ['plumbing', 'plumber', 'palace', 'pizza', 'pizzeria', 'joe', 'rivera', 'dental']) vocabulary.add(word);
  const similarityOf = (token: string, word: string) => vocabulary.match(token).find((match) => match.id === vocabulary.idOf(word))?.similarity ?? 0;

  it('gives the same id to the same word', () => {
    expect(vocabulary.add('pizza')).toBe(vocabulary.idOf('pizza'));
    expect(vocabulary.size).toBe(8);
  });

  it('finds exact words, typos and prefixes, exact ones best', () => {
    expect(similarityOf('palace', 'palace')).toBe(1);
    expect(similarityOf('palce', 'palace')).toBeGreaterThanOrEqual(0.8);
    expect(similarityOf('riveras', 'rivera')).toBeGreaterThanOrEqual(0.8);
    expect(similarityOf('pizz', 'pizza')).toBeGreaterThan(0.7);
    expect(similarityOf('pizz', 'pizzeria')).toBeGreaterThan(0.5);
    expect(similarityOf('pizz', 'pizza')).toBeGreaterThan(similarityOf('pizz', 'pizzeria'));
  });

  it('does not stretch short words or far-off words', () => {
    expect(similarityOf('jo', 'joe')).toBe(0);
    expect(similarityOf('moe', 'joe')).toBe(0);
    expect(similarityOf('dentst', 'dental')).toBe(0);
    expect(vocabulary.match('xylophone')).toEqual([]);
  });
});

describe('search text', () => {
  it('folds apostrophes, accents, ampersands and punctuation', () => {
    expect(normalizeText("Joe's Plumbing")).toBe('joe plumbing');
    expect(normalizeText('Joe’s  PLUMBING!')).toBe('joe plumbing');
    expect(normalizeText("O'Brien Roofing")).toBe('obrien roofing');
    expect(normalizeText('Café Olé')).toBe('cafe ole');
    expect(tokenize('Rivera & Sons, Inc.')).toEqual(['rivera', 'and', 'sons', 'inc']);
  });

  it('stems plurals and possessives alike', () => {
    expect(['joes', 'plumbers', 'bakeries', 'sons', 'glass', 'campus'].map(stem)).toEqual(['joe', 'plumber', 'bakery', 'son', 'glass', 'campus']);
  });
});
