import type { OpeningPeriod } from '../../ports/business-directory';

/** A city the bundled directory covers. */
export interface DirectoryCity {
  /** Stable key, e.g. 'austin-tx'. */
  key: string;
  name: string;
  /** Full state name, e.g. 'Texas' (or 'District of Columbia'). */
  state: string;
  /** Two-letter USPS code, e.g. 'TX'. */
  stateCode: string;
  /** IANA zone, e.g. 'America/Chicago'. */
  timeZone: string;
  /** Real area codes of the city; numbers use their fictional 555-01xx lines. */
  areaCodes: string[];
  zipCodes: string[];
  neighbourhoods: string[];
  /** Other names visitors type for the city, e.g. 'nyc', 'philly'. */
  aliases: string[];
}

/** A kind of business with the Google types and the words visitors use for it. */
export interface DirectoryCategory {
  key: string;
  label: string;
  /** Google place types, most specific first. */
  types: string[];
  /** Search words and phrases, e.g. 'plumbing', 'water heater'. */
  words: string[];
}

/** A weekly timetable shared by many businesses. */
export interface DirectorySchedule {
  /** Seven lines, Monday first, Google style. */
  weekdayText: string[];
  openingPeriods: OpeningPeriod[];
}

export type DirectoryBusinessStatus = 'OPERATIONAL' | 'CLOSED_TEMPORARILY' | 'CLOSED_PERMANENTLY';

export interface DirectoryBusiness {
  /** `dir-<city key>-<number>`, stable for a given generator seed. */
  id: string;
  name: string;
  /** Key of a DirectoryCategory. */
  category: string;
  /** Key of a DirectoryCity. */
  city: string;
  neighbourhood: string;
  zip: string;
  /** Google-style formatted address, e.g. '123 Main St, Springfield, IL 62701'. */
  address: string;
  /** National format in the fictional 555-01xx range, e.g. '(212) 555-0142'. */
  phone: string;
  /** Always on a reserved example domain. */
  website: string | null;
  rating: number | null;
  ratingCount: number | null;
  status: DirectoryBusinessStatus;
  /** Index into DirectoryDataSet.schedules; null when the hours are unknown. */
  schedule: number | null;
}

/** The bundled data set, as stored in backend/data/directory.json. */
export interface DirectoryDataSet {
  version: 1;
  seed: number;
  cities: DirectoryCity[];
  categories: DirectoryCategory[];
  schedules: DirectorySchedule[];
  businesses: DirectoryBusiness[];
}
