import { EmbeddedDirectory } from '../discovery/adapters/embedded-directory/embedded-directory';
import type { DirectoryDataSet } from '../discovery/adapters/embedded-directory/directory-data-set';
import { readDirectoryDataSet } from '../discovery/adapters/embedded-directory/directory-data-file';
import { fnv1a, SeededRandom } from '../infrastructure/random';
import type { PlaceSearchQuery } from '../discovery/ports/business-directory';
import { ms, report, summarize } from './stats';

const QUERY_COUNT = 2000;
const WARM_UP = 500;

/** p50/p99 of searches over the whole bundled directory: names with typos, categories, every kind of location. */
export async function benchDirectory(): Promise<void> {
  const dataSet = readDirectoryDataSet();
  let started = performance.now();
  const directory = new EmbeddedDirectory(dataSet);
  report('directory: load and index the bundled data set', ms(performance.now() - started));

  const queries = realisticQueries(dataSet, QUERY_COUNT);
  for (const query of queries.slice(0, WARM_UP)) await search(directory, query);
  const samples: number[] = [];
  let found = 0;
  for (const query of queries) {
    started = performance.now();
    const places = await search(directory, query);
    samples.push(performance.now() - started);
    if (places.length > 0) found += 1;
  }
  const { p50, p99 } = summarize(samples);
  report(`directory: search p50 (${queries.length} queries, ${Math.round((found / queries.length) * 100)}% with results)`, ms(p50));
  report('directory: search p99', ms(p99), 'p99 <= 20 ms', p99 <= 20);
}

async function search(directory: EmbeddedDirectory, query: PlaceSearchQuery) {
  try {
    return await directory.search(query);
  } catch {
    return [];
  }
}

/** A deterministic mix of what visitors type. */
function realisticQueries(dataSet: DirectoryDataSet, count: number): PlaceSearchQuery[] {
  const random = new SeededRandom(fnv1a('directory-bench'));
  const cities = new Map(dataSet.cities.map((city) => [city.key, city]));
  const categoryWords = dataSet.categories.flatMap((category) => category.words);
  const queries: PlaceSearchQuery[] = [];
  while (queries.length < count) {
    const business = random.pick(dataSet.businesses);
    const city = cities.get(business.city)!;
    const location = random.weighted<string>([
      [city.name, 4],
      [`${city.name}, ${city.stateCode}`, 4],
      [`${city.name}, ${city.state}`, 1],
      [city.state, 1],
      [city.stateCode, 1],
      [business.zip, 2],
      [`${business.neighbourhood}, ${city.name}`, 2],
      [business.address, 1],
      [withTypo(random, city.name), 1],
      ['Atlantis', 0.2],
    ]);
    const businessName = random.weighted<string>([
      [business.name, 4],
      [withTypo(random, business.name), 3],
      [business.name.toLowerCase().replace(/'/g, ''), 2],
      [business.name.split(' ').reverse().join(' '), 1],
      [random.pick(categoryWords), 3],
      [`${random.pick(categoryWords)} near downtown`, 1],
      ['Quantum Widget Emporium', 0.3],
    ]);
    queries.push({ businessName, location });
  }
  return queries;
}

/** Drops, doubles or swaps one letter of a longer word. */
function withTypo(random: SeededRandom, text: string): string {
  const words = text.split(' ');
  const candidates = words.map((word, index) => [index, word.length] as const).filter(([, length]) => length >= 5);
  if (candidates.length === 0) return text;
  const [index] = random.pick(candidates);
  const word = words[index]!;
  const at = random.int(1, word.length - 2);
  const kind = random.int(0, 2);
  words[index] = kind === 0 ? word.slice(0, at) + word.slice(at + 1) : kind === 1 ? word.slice(0, at) + word[at] + word.slice(at) : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  return words.join(' ');
}
