import type { DirectoryCity } from './directory-data-set';
import { boundedEditDistance } from './edit-distance';
import { LocationEvidence } from './location-evidence';
import type { LocationScope, PlaceEntry } from './location-scope';
import { normalizeText, STOPWORDS, tokenizeWithCase } from './search-text';
import { US_STATES } from './us-states';

/** What a location word names inside the scope of a search (see `placePhrase`). */
export interface ScopedPlacePhrase {
  /** Neighbourhoods the phrase names, per city; empty for a city or state name. */
  neighbourhoods: Map<number, Set<string>>;
}

/** Two-letter state codes that are also everyday words: they count in capitals or right after a city. */
const WORD_LIKE_CODES = new Set(['in', 'or', 'me', 'ok', 'hi', 'oh', 'de', 'co', 'al', 'id', 'ma', 'pa', 'la', 'mi', 'ne']);
/** Words that say nothing about where. */
const FILLERS = new Set([...STOPWORDS, 'usa', 'us', 'united', 'states', 'america', 'city', 'county', 'metro', 'greater', 'neighborhood', 'neighbourhood']);
const MIN_FUZZY_PHRASE_LENGTH = 5;
/** Place names get fewer typos than other words: 'Atlantis' must not become 'Atlanta'. */
const placeTypos = (length: number) => (length >= 10 ? 2 : length >= MIN_FUZZY_PHRASE_LENGTH ? 1 : 0);
const MAX_PHRASE_WORDS = 4;

/**
 * Understands the location a visitor typed: a city ('Austin'), 'City, ST', a state name or code ('Texas',
 * 'TX'), a ZIP ('78701'), a neighbourhood ('Downtown Austin', 'SoHo, New York'), with small typos.
 */
export class LocationResolver {
  private readonly places = new Map<string, PlaceEntry[]>();
  private readonly phrasesByWordCount = new Map<number, string[]>();
  private readonly zipCity = new Map<string, number>();
  private readonly zipAreaCities = new Map<string, Set<number>>();
  private readonly cityPhrases: Map<string, string | null>[];

  constructor(private readonly cities: readonly DirectoryCity[]) {
    for (const state of US_STATES) {
      this.addPlace(state.name, { kind: 'state', code: state.code, wordLike: false });
      this.addPlace(state.code, { kind: 'state', code: state.code, wordLike: WORD_LIKE_CODES.has(state.code.toLowerCase()) });
    }
    this.cityPhrases = cities.map((city, index) => {
      const phrases = new Map<string, string | null>();
      for (const name of [city.name, ...city.aliases]) {
        this.addPlace(name, { kind: 'city', city: index });
        phrases.set(normalizeText(name), null);
      }
      phrases.set(normalizeText(city.state), null);
      phrases.set(normalizeText(city.stateCode), null);
      for (const neighbourhood of city.neighbourhoods) {
        for (const variant of neighbourhoodVariants(neighbourhood)) {
          this.addPlace(variant, { kind: 'neighbourhood', city: index, name: neighbourhood });
          phrases.set(normalizeText(variant), neighbourhood);
        }
      }
      for (const zip of city.zipCodes) {
        this.zipCity.set(zip, index);
        const area = zip.slice(0, 3);
        const areaCities = this.zipAreaCities.get(area) ?? new Set<number>();
        areaCities.add(index);
        this.zipAreaCities.set(area, areaCities);
      }
      return phrases;
    });
    for (const phrase of this.places.keys()) {
      const count = phrase.split(' ').length;
      const list = this.phrasesByWordCount.get(count) ?? [];
      list.push(phrase);
      this.phrasesByWordCount.set(count, list);
    }
  }

  /** The scope of a search, or null when the location cannot be understood at all (or is too vague). */
  resolve(location: string): LocationScope | null {
    const words = tokenizeWithCase(location);
    const evidence = new LocationEvidence();
    let index = 0;
    let previousWasPlace = false;
    while (index < words.length) {
      const { word } = words[index]!;
      if (/^\d{5}$/.test(word)) {
        evidence.addZip(word, this.zipCity.get(word), this.zipAreaCities.get(word.slice(0, 3)));
        previousWasPlace = true;
        index += 1;
        continue;
      }
      const exact = this.longestExact(words, index, previousWasPlace);
      if (exact) {
        evidence.addPhrase(exact.entries, false);
        previousWasPlace = true;
        index = exact.end;
        continue;
      }
      if (FILLERS.has(word) || /^\d+$/.test(word)) {
        index += 1;
        continue;
      }
      const fuzzy = this.longestFuzzy(words, index);
      if (fuzzy) {
        evidence.addPhrase(fuzzy.entries, true);
        previousWasPlace = true;
        index = fuzzy.end;
        continue;
      }
      previousWasPlace = false;
      index += 1;
    }
    return evidence.toScope(this.cities);
  }

  /**
   * Looks up a phrase of a business-name query among the places of a scope: its city and state names,
   * or one of its neighbourhoods (so 'dentist near downtown' can prefer Downtown).
   */
  placePhrase(phrase: string, scope: LocationScope): ScopedPlacePhrase | undefined {
    let found: ScopedPlacePhrase | undefined;
    for (const city of scope.cities) {
      const phrases = this.cityPhrases[city]!;
      if (!phrases.has(phrase)) continue;
      found ??= { neighbourhoods: new Map() };
      const neighbourhood = phrases.get(phrase);
      if (neighbourhood) found.neighbourhoods.set(city, new Set([neighbourhood]));
    }
    return found;
  }

  private addPlace(name: string, entry: PlaceEntry): void {
    const phrase = normalizeText(name);
    const entries = this.places.get(phrase) ?? [];
    entries.push(entry);
    this.places.set(phrase, entries);
  }

  private longestExact(words: readonly { word: string; upper: boolean }[], start: number, afterPlace: boolean): { entries: PlaceEntry[]; end: number } | undefined {
    for (let length = Math.min(MAX_PHRASE_WORDS, words.length - start); length >= 1; length -= 1) {
      const slice = words.slice(start, start + length);
      const entries = (this.places.get(slice.map((word) => word.word).join(' ')) ?? []).filter(
        (entry) => entry.kind !== 'state' || !entry.wordLike || length > 1 || slice[0]!.upper || afterPlace,
      );
      if (entries.length > 0) return { entries, end: start + length };
    }
    return undefined;
  }

  private longestFuzzy(words: readonly { word: string }[], start: number): { entries: PlaceEntry[]; end: number } | undefined {
    for (let length = Math.min(MAX_PHRASE_WORDS, words.length - start); length >= 1; length -= 1) {
      const phrase = words
        .slice(start, start + length)
        .map((word) => word.word)
        .join(' ');
      if (phrase.length < MIN_FUZZY_PHRASE_LENGTH) continue;
      const maxTypos = placeTypos(phrase.length);
      let best: { phrase: string; distance: number } | undefined;
      for (const candidate of this.phrasesByWordCount.get(length) ?? []) {
        if (candidate.length < MIN_FUZZY_PHRASE_LENGTH) continue;
        const distance = boundedEditDistance(phrase, candidate, maxTypos);
        if (distance <= maxTypos && (!best || distance < best.distance)) best = { phrase: candidate, distance };
      }
      if (best) return { entries: this.places.get(best.phrase)!, end: start + length };
    }
    return undefined;
  }
}

/** 'The Loop' is also typed as 'Loop'. */
function neighbourhoodVariants(name: string): string[] {
  return name.startsWith('The ') ? [name, name.slice(4)] : [name];
}
