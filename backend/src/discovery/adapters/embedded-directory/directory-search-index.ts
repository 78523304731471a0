import { DirectorySearchError, type PlaceSearchQuery } from '../../ports/business-directory';
import { CategoryMatcher } from './category-matcher';
import type { DirectoryBusiness, DirectoryDataSet } from './directory-data-set';
import { FuzzyVocabulary } from './fuzzy-vocabulary';
import { LocationResolver } from './location-resolver';
import type { LocationScope } from './location-scope';
import { analyzeNameQuery, type NameQuery } from './name-query';
import { stem, STOPWORDS, tokenize, WEAK_WORDS } from './search-text';

interface IndexedBusiness {
  business: DirectoryBusiness;
  city: number;
  category: number;
  /** Vocabulary ids of the stemmed words of the name. */
  terms: number[];
  /** The same without generic words ('co', 'the'): what an exact name search must cover. */
  significantTerms: number[];
}

/** How much a category match is worth next to a name word match. */
const CATEGORY_SIMILARITY = 0.9;
const NEIGHBOURHOOD_SIMILARITY = 0.8;
/** A name word matched at least this well counts as found in the name. */
const IN_NAME = 0.75;
const MATCHED = 0.5;
const WEAK_WEIGHT = 0.25;
const OPTIONAL_BONUS = 5;
const EXACT_NAME_BONUS = 30;
const CATEGORY_BONUS = 8;
const PLACE_BONUS = 12;
const STATUS_PENALTY: Record<string, number> = { OPERATIONAL: 0, CLOSED_TEMPORARILY: 4, CLOSED_PERMANENTLY: 15 };

/**
 * In-memory search over the bundled directory. The location limits the search to its cities; within
 * them businesses are ranked by name match strength, category match and location precision, with the
 * rating as tie-breaker.
 */
export class DirectorySearchIndex {
  private readonly vocabulary = new FuzzyVocabulary();
  private readonly categories: CategoryMatcher;
  private readonly places: LocationResolver;
  private readonly byCity: IndexedBusiness[][];

  constructor(dataSet: DirectoryDataSet) {
    this.categories = new CategoryMatcher(dataSet.categories);
    this.places = new LocationResolver(dataSet.cities);
    const cityIndex = new Map(dataSet.cities.map((city, index) => [city.key, index]));
    const categoryIndex = new Map(dataSet.categories.map((category, index) => [category.key, index]));
    this.byCity = dataSet.cities.map(() => []);
    for (const business of dataSet.businesses) {
      const city = cityIndex.get(business.city);
      const category = categoryIndex.get(business.category);
      if (city === undefined || category === undefined) throw new Error(`Business ${business.id} refers to an unknown city or category`);
      const stems = [...new Set(tokenize(business.name).map(stem))];
      const terms = stems.map((word) => this.vocabulary.add(word));
      const significantTerms = stems.filter((word) => !STOPWORDS.has(word) && !WEAK_WORDS.has(word)).map((word) => this.vocabulary.idOf(word)!);
      this.byCity[city]!.push({ business, city, category, terms, significantTerms });
    }
  }

  /** Best matches first; [] when nothing fits. Throws DirectorySearchError('location_unclear'). */
  search(query: PlaceSearchQuery, limit: number): DirectoryBusiness[] {
    const scope = this.places.resolve(query.location);
    if (!scope) throw new DirectorySearchError('location_unclear', `Could not tell where '${query.location}' is`);
    if (limit <= 0 || scope.cities.length === 0) return [];
    const nameQuery = analyzeNameQuery(query.businessName, scope, this.vocabulary, this.categories, this.places);
    if (nameQuery.units.length === 0) return [];

    const ranked: { entry: IndexedBusiness; score: number }[] = [];
    for (const city of scope.cities) {
      for (const entry of this.byCity[city]!) {
        const score = this.score(entry, nameQuery, scope);
        if (score !== null) ranked.push({ entry, score });
      }
    }
    ranked.sort((a, b) => compareRanked(a.score, a.entry.business, b.score, b.entry.business));
    return ranked.slice(0, limit).map(({ entry }) => entry.business);
  }

  private score(entry: IndexedBusiness, query: NameQuery, scope: LocationScope): number | null {
    const { business } = entry;
    let required = 0;
    let matched = 0;
    let weighted = 0;
    let weights = 0;
    let bonus = 0;
    let everyRequiredInName = true;
    let categoryMatch = false;
    let namedNeighbourhood = false;

    for (const unit of query.units) {
      // A phrase ('air conditioning') is in the name only if all its words are.
      let nameSimilarity = unit.wordMatches.length > 0 ? 1 : 0;
      for (const wordMatches of unit.wordMatches) {
        let best = 0;
        for (const term of entry.terms) {
          const similarity = wordMatches.get(term);
          if (similarity !== undefined && similarity > best) best = similarity;
        }
        nameSimilarity = Math.min(nameSimilarity, best);
      }
      const categorySimilarity = unit.categories?.has(entry.category) ? CATEGORY_SIMILARITY * unit.categorySimilarity : 0;
      const neighbourhoodSimilarity = unit.neighbourhoods?.get(entry.city)?.has(business.neighbourhood) ? NEIGHBOURHOOD_SIMILARITY : 0;
      if (categorySimilarity > 0) categoryMatch = true;
      if (neighbourhoodSimilarity > 0) namedNeighbourhood = true;
      const similarity = Math.max(nameSimilarity, categorySimilarity, neighbourhoodSimilarity);
      if (unit.role === 'required') {
        required += 1;
        if (similarity >= MATCHED) matched += 1;
        if (nameSimilarity < IN_NAME) everyRequiredInName = false;
        weighted += similarity;
        weights += 1;
      } else if (unit.role === 'weak') {
        weighted += WEAK_WEIGHT * similarity;
        weights += WEAK_WEIGHT;
      } else {
        bonus += OPTIONAL_BONUS * nameSimilarity;
      }
    }
    if (required === 0 || matched < Math.ceil(required / 2)) return null;

    let score = (100 * weighted) / weights + bonus;
    if (everyRequiredInName && this.coversWholeName(entry, query)) score += EXACT_NAME_BONUS;
    if (categoryMatch) score += CATEGORY_BONUS;
    if (namedNeighbourhood || scope.neighbourhoods.get(entry.city)?.has(business.neighbourhood)) score += PLACE_BONUS;
    if (scope.zips.has(business.zip)) score += PLACE_BONUS;
    return score - (STATUS_PENALTY[business.status] ?? 0);
  }

  /** Whether the query found every word of the business's own name: an exact name, in any word order. */
  private coversWholeName(entry: IndexedBusiness, query: NameQuery): boolean {
    if (entry.significantTerms.length === 0) return false;
    return entry.significantTerms.every((term) => (query.bestTermSimilarity.get(term) ?? 0) >= IN_NAME);
  }
}

function compareRanked(scoreA: number, a: DirectoryBusiness, scoreB: number, b: DirectoryBusiness): number {
  const byScore = Math.round(scoreB * 100) - Math.round(scoreA * 100);
  if (byScore !== 0) return byScore;
  const byRating = (b.rating ?? 0) - (a.rating ?? 0);
  if (byRating !== 0) return byRating;
  const byCount = (b.ratingCount ?? 0) - (a.ratingCount ?? 0);
  if (byCount !== 0) return byCount;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
