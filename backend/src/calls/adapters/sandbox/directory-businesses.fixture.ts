import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpeningPeriod } from '../../../discovery/ports/business-directory';
import type { CalledBusiness } from '../../ports/telephony';

interface DirectoryFile {
  cities: { key: string; timeZone: string }[];
  categories: { key: string; types: string[] }[];
  schedules: { openingPeriods: OpeningPeriod[] }[];
  businesses: { id: string; name: string; category: string; city: string; schedule: number | null }[];
}

let cached: CalledBusiness[] | null = null;

/** Every business of the bundled directory (backend/data/directory.json) as a call sees it. */
export function directoryBusinesses(): CalledBusiness[] {
  if (cached) return cached;
  const file = JSON.parse(readFileSync(join(__dirname, '../../../../data/directory.json'), 'utf8')) as DirectoryFile;
  const zones = new Map(file.cities.map((city) => [city.key, city.timeZone]));
  const types = new Map(file.categories.map((category) => [category.key, category.types]));
  cached = file.businesses.map((business) => ({
    placeId: business.id,
    name: business.name,
    businessTypes: types.get(business.category) ?? [],
    timeZone: zones.get(business.city) ?? null,
    utcOffsetMinutes: null,
    openingPeriods: business.schedule === null ? [] : file.schedules[business.schedule]!.openingPeriods,
  }));
  return cached;
}
