import type { PortHealth } from '@ringcheck/projections';
import {
  type BusinessDirectory,
  type DirectoryPlace,
  DirectorySearchError,
  type DirectorySearchOptions,
  type PlaceSearchQuery,
} from '../../ports/business-directory';
import { readDirectoryDataSet } from './directory-data-file';
import type { DirectoryCategory, DirectoryCity, DirectoryDataSet } from './directory-data-set';
import { toDirectoryPlace, toE164 } from './directory-place-mapper';
import { DirectorySearchIndex } from './directory-search-index';
import { utcOffsetMinutes } from './utc-offset';

export const DEFAULT_RESULT_LIMIT = 10;

/** The bundled directory of fictional businesses, searched in memory (no network, no setup). */
export class EmbeddedDirectory implements BusinessDirectory {
  readonly adapterName = 'embedded';
  private readonly index: DirectorySearchIndex;
  private readonly cities: Map<string, DirectoryCity>;
  private readonly categories: Map<string, DirectoryCategory>;
  private byPhone: Map<string, DirectoryDataSet['businesses'][number]> | null = null;

  constructor(private readonly dataSet: DirectoryDataSet) {
    this.index = new DirectorySearchIndex(dataSet);
    this.cities = new Map(dataSet.cities.map((city) => [city.key, city]));
    this.categories = new Map(dataSet.categories.map((category) => [category.key, category]));
  }

  /** Loads backend/data/directory.json (or another data set file) and indexes it. */
  static fromFile(path?: string): EmbeddedDirectory {
    return new EmbeddedDirectory(readDirectoryDataSet(path));
  }

  get businessCount(): number {
    return this.dataSet.businesses.length;
  }

  /** The business reached at an E.164 number (the sandbox phone network's switchboard), or null. */
  findByPhone(e164: string): DirectoryPlace | null {
    this.byPhone ??= new Map(this.dataSet.businesses.map((business) => [toE164(business.phone), business]));
    const business = this.byPhone.get(e164);
    if (!business) return null;
    const city = this.cities.get(business.city)!;
    const schedule = business.schedule === null ? null : this.dataSet.schedules[business.schedule]!;
    return toDirectoryPlace(business, city, this.categories.get(business.category)!, schedule, utcOffsetMinutes(city.timeZone, new Date()));
  }

  async search(query: PlaceSearchQuery, options: DirectorySearchOptions = {}): Promise<DirectoryPlace[]> {
    if (options.signal?.aborted) throw new DirectorySearchError('network', 'The search was cancelled');
    const limit = options.limit === undefined || !Number.isFinite(options.limit) ? DEFAULT_RESULT_LIMIT : Math.max(0, Math.floor(options.limit));
    const now = new Date();
    const offsets = new Map<string, number>();
    return this.index.search(query, limit).map((business) => {
      const city = this.cities.get(business.city)!;
      let offset = offsets.get(city.timeZone);
      if (offset === undefined) {
        offset = utcOffsetMinutes(city.timeZone, now);
        offsets.set(city.timeZone, offset);
      }
      const schedule = business.schedule === null ? null : this.dataSet.schedules[business.schedule]!;
      return toDirectoryPlace(business, city, this.categories.get(business.category)!, schedule, offset);
    });
  }

  async health(): Promise<PortHealth> {
    return { adapter: this.adapterName, state: 'up', detail: `${this.dataSet.businesses.length} fictional businesses in ${this.dataSet.cities.length} cities` };
  }
}
