import { BUSINESS_CATEGORIES, type CategorySeed } from './business-categories';
import type { DirectoryBusiness, DirectoryBusinessStatus, DirectoryCity } from './directory-data-set';
import type { HoursProfileKey } from './hours-profiles';
import { BRAND_WORDS, COMMON_STREETS, FIRST_NAMES, SURNAMES } from './name-parts';
import type { SeededRandom } from '../../../infrastructure/random';
import type { CitySeed } from './us-cities';

/** Businesses that always exist, so documentation, demos and tests can rely on them. */
export const FEATURED_BUSINESSES: readonly { city: string; category: string; name: string; neighbourhood: string }[] = [
  { city: 'new-york-ny', category: 'pizza', name: 'Pizza Palace', neighbourhood: 'Midtown' },
  { city: 'springfield-il', category: 'plumber', name: "Joe's Plumbing", neighbourhood: 'Downtown' },
  { city: 'austin-tx', category: 'plumber', name: 'Rivera & Sons Plumbing', neighbourhood: 'East Austin' },
  { city: 'austin-tx', category: 'dentist', name: 'Downtown Dental Care', neighbourhood: 'Downtown' },
];

const WEBSITE_SHARE = 0.85;
const UNRATED_SHARE = 0.07;
const UNKNOWN_HOURS_SHARE = 0.05;
const SIGNATURE_NAME_SHARE = 0.08;
const SUITES = ['100', '101', '110', '120', '200', '201', '210', '250', '300', '305', '400', '450', '500', '1200'];

/** `slug('St. Louis')` = 'st-louis'. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Makes the businesses of one city from its own random stream. */
export class CityGenerator {
  private readonly names = new Set<string>();
  private readonly phones: string[];
  private readonly usedSignatures = new Set<string>();

  constructor(
    private readonly seed: CitySeed,
    private readonly city: DirectoryCity,
    private readonly random: SeededRandom,
    private readonly scheduleIndex: Map<HoursProfileKey, number>,
    private readonly websites: Set<string>,
  ) {
    const lines = seed.areaCodes.flatMap((areaCode) => Array.from({ length: 100 }, (_, line) => `(${areaCode}) 555-01${String(line).padStart(2, '0')}`));
    if (lines.length < seed.businessCount) throw new Error(`${seed.name} needs more area codes for ${seed.businessCount} businesses`);
    this.phones = random.shuffled(lines);
  }

  generate(): DirectoryBusiness[] {
    const featured = FEATURED_BUSINESSES.filter((business) => business.city === this.city.key);
    for (const business of featured) this.names.add(business.name.toLowerCase());
    const generatedCount = this.seed.businessCount - featured.length;
    const guaranteed = this.random.shuffled(BUSINESS_CATEGORIES);
    const result: DirectoryBusiness[] = [];
    for (const business of featured) {
      const category = BUSINESS_CATEGORIES.find((candidate) => candidate.key === business.category);
      if (!category) throw new Error(`Featured business '${business.name}' has an unknown category`);
      result.push(this.business(result.length, category, business.neighbourhood, business.name, true));
    }
    for (let index = 0; index < generatedCount; index += 1) {
      const category = index < guaranteed.length ? guaranteed[index]! : this.random.weighted(BUSINESS_CATEGORIES.map((candidate) => [candidate, candidate.weight] as const));
      const neighbourhood = this.random.weighted(this.city.neighbourhoods.map((hood, position) => [hood, position === 0 ? 2 : 1] as const));
      result.push(this.business(result.length, category, neighbourhood, this.uniqueName(category, neighbourhood), false));
    }
    return result;
  }

  private business(index: number, category: CategorySeed, neighbourhood: string, name: string, featured: boolean): DirectoryBusiness {
    const zip = this.city.zipCodes[this.city.neighbourhoods.indexOf(neighbourhood) % this.city.zipCodes.length]!;
    const rated = featured || !this.random.chance(UNRATED_SHARE);
    const rating = rated ? this.rating() : null;
    return {
      id: `dir-${this.city.key}-${String(index + 1).padStart(3, '0')}`,
      name,
      category: category.key,
      city: this.city.key,
      neighbourhood,
      zip,
      address: `${this.streetAddress(category)}, ${this.city.name}, ${this.city.stateCode} ${zip}`,
      phone: this.phones.pop()!,
      website: featured || this.random.chance(WEBSITE_SHARE) ? this.website(name) : null,
      rating,
      ratingCount: rated ? Math.round(Math.exp(this.random.next() * Math.log(2400 / 3)) * 3) : null,
      status: featured ? 'OPERATIONAL' : this.status(),
      schedule: !featured && this.random.chance(UNKNOWN_HOURS_SHARE) ? null : this.scheduleIndex.get(this.random.weighted(category.hours))!,
    };
  }

  private uniqueName(category: CategorySeed, neighbourhood: string): string {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const name = this.name(category, neighbourhood);
      if (!this.names.has(name.toLowerCase())) {
        this.names.add(name.toLowerCase());
        return name;
      }
    }
    throw new Error(`Could not find a unique ${category.key} name in ${this.city.name}`);
  }

  private name(category: CategorySeed, neighbourhood: string): string {
    const freeSignatures = category.signatureNames.filter((name) => !this.usedSignatures.has(name));
    if (freeSignatures.length > 0 && this.random.chance(SIGNATURE_NAME_SHARE)) {
      const name = this.random.pick(freeSignatures);
      this.usedSignatures.add(name);
      return name;
    }
    const last = this.random.pick(SURNAMES);
    let last2 = this.random.pick(SURNAMES);
    while (last2 === last) last2 = this.random.pick(SURNAMES);
    const values: Record<string, string> = {
      first: this.random.pick(FIRST_NAMES),
      last,
      last2,
      hood: neighbourhood,
      city: this.city.name,
      adj: this.random.pick(BRAND_WORDS),
      trade: this.random.pick(category.trades),
    };
    return this.random.weighted(category.templates).replace(/\{(\w+)\}/g, (_, key: string) => values[key]!);
  }

  private streetAddress(category: CategorySeed): string {
    const street = this.random.chance(0.5) ? this.random.pick(this.seed.streets) : this.random.pick(COMMON_STREETS);
    const number = this.random.chance(0.7) ? this.random.int(100, 2999) : this.random.int(3000, 9899);
    if (!this.random.chance(category.suiteShare)) return `${number} ${street}`;
    return this.random.chance(0.8) ? `${number} ${street} Suite ${this.random.pick(SUITES)}` : `${number} ${street} #${this.random.int(1, 40)}`;
  }

  private website(name: string): string {
    let host = slug(name);
    if (this.websites.has(host)) host = `${host}-${slug(this.city.name)}`;
    for (let suffix = 2; this.websites.has(host); suffix += 1) host = `${slug(name)}-${slug(this.city.name)}-${suffix}`;
    this.websites.add(host);
    return `https://${host}.example.com`;
  }

  /** Mostly 3.5–5.0 like real listings, with a tail of poorly rated businesses. */
  private rating(): number {
    const value = this.random.chance(0.06)
      ? 1 + this.random.next() * 2.5
      : 4.3 + (this.random.next() + this.random.next() + this.random.next() - 1.5) * 0.7;
    return Math.round(Math.min(5, Math.max(1, value)) * 10) / 10;
  }

  private status(): DirectoryBusinessStatus {
    const roll = this.random.next();
    if (roll < 0.012) return 'CLOSED_PERMANENTLY';
    if (roll < 0.06) return 'CLOSED_TEMPORARILY';
    return 'OPERATIONAL';
  }
}
