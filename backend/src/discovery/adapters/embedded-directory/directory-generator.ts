import { BUSINESS_CATEGORIES } from './business-categories';
import { CityGenerator, slug } from './city-generator';
import type { DirectoryBusiness, DirectoryCity, DirectoryDataSet } from './directory-data-set';
import { HOURS_PROFILES, type HoursProfileKey } from './hours-profiles';
import { buildSchedule } from './opening-hours';
import { fnv1a, SeededRandom } from '../../../infrastructure/random';
import { US_CITIES, type CitySeed } from './us-cities';

export const DEFAULT_DIRECTORY_SEED = 20250314;

export function cityKeyOf(city: Pick<CitySeed, 'name' | 'stateCode'>): string {
  return `${slug(city.name)}-${city.stateCode.toLowerCase()}`;
}

/**
 * Builds the bundled directory of fictional businesses. Pure and deterministic: the same seed gives the
 * same data set, byte for byte once serialized. Each city draws from its own random stream, so adding a
 * city leaves the others unchanged.
 */
export function generateDirectory(seed: number = DEFAULT_DIRECTORY_SEED): DirectoryDataSet {
  const profileKeys = Object.keys(HOURS_PROFILES) as HoursProfileKey[];
  const schedules = profileKeys.map((key) => buildSchedule(HOURS_PROFILES[key]));
  const scheduleIndex = new Map(profileKeys.map((key, index) => [key, index]));
  const cities = US_CITIES.map(toDirectoryCity);
  const websites = new Set<string>();
  const businesses: DirectoryBusiness[] = [];
  US_CITIES.forEach((citySeed, index) => {
    const generator = new CityGenerator(citySeed, cities[index]!, new SeededRandom(fnv1a(cities[index]!.key, seed)), scheduleIndex, websites);
    businesses.push(...generator.generate());
  });
  assertUnique(businesses.map((business) => business.id), 'business id');
  assertUnique(businesses.map((business) => business.phone), 'phone number');
  return {
    version: 1,
    seed,
    cities,
    categories: BUSINESS_CATEGORIES.map(({ key, label, types, words }) => ({ key, label, types, words })),
    schedules,
    businesses,
  };
}

/** Compact JSON with a final newline, as committed in backend/data/directory.json. */
export function serializeDirectory(dataSet: DirectoryDataSet): string {
  return `${JSON.stringify(dataSet)}\n`;
}

function toDirectoryCity(seed: CitySeed): DirectoryCity {
  const { name, state, stateCode, timeZone, areaCodes, zipCodes, neighbourhoods, aliases } = seed;
  return { key: cityKeyOf(seed), name, state, stateCode, timeZone, areaCodes, zipCodes, neighbourhoods, aliases };
}

function assertUnique(values: string[], what: string): void {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) throw new Error(`Duplicate ${what} in the generated directory: ${value}`);
    seen.add(value);
  }
}
