import type { DirectoryCity } from './directory-data-set';
import type { LocationPrecision, LocationScope, PlaceEntry } from './location-scope';

/** A bare neighbourhood name found in more cities than this (e.g. 'Downtown') is too vague on its own. */
const MAX_CITIES_FOR_BARE_NEIGHBOURHOOD = 4;

/** What the words of a location named, gathered before deciding on a scope. */
export class LocationEvidence {
  private readonly namedCities = new Set<number>();
  private readonly fuzzyCities = new Set<number>();
  private readonly exactStates = new Set<string>();
  private readonly fuzzyStates = new Set<string>();
  private readonly neighbourhoods: { city: number; name: string }[] = [];
  private readonly cityOrState: { cities: number[]; states: string[] }[] = [];
  private readonly zipCities = new Map<number, Set<string>>();
  private readonly zipAreaCities = new Set<number>();
  private sawZip = false;

  addZip(zip: string, city: number | undefined, areaCities: Set<number> | undefined): void {
    this.sawZip = true;
    if (city !== undefined) {
      const zips = this.zipCities.get(city) ?? new Set<string>();
      zips.add(zip);
      this.zipCities.set(city, zips);
    } else {
      for (const areaCity of areaCities ?? []) this.zipAreaCities.add(areaCity);
    }
  }

  addPhrase(entries: PlaceEntry[], fuzzy: boolean): void {
    const cities = entries.flatMap((entry) => (entry.kind === 'city' ? [entry.city] : []));
    const states = entries.flatMap((entry) => (entry.kind === 'state' ? [entry.code] : []));
    for (const entry of entries) if (entry.kind === 'neighbourhood') this.neighbourhoods.push({ city: entry.city, name: entry.name });
    if (cities.length > 0 && states.length > 0) {
      // 'New York', 'Washington', 'LA': a city unless another city is named too ('Seattle, Washington').
      this.cityOrState.push({ cities, states });
      return;
    }
    for (const city of cities) (fuzzy ? this.fuzzyCities : this.namedCities).add(city);
    for (const state of states) (fuzzy ? this.fuzzyStates : this.exactStates).add(state);
  }

  toScope(allCities: readonly DirectoryCity[]): LocationScope | null {
    const explicitCities = new Set([...this.namedCities, ...this.fuzzyCities]);
    const states = new Set(this.exactStates);
    for (const ambiguous of this.cityOrState) {
      if (explicitCities.size > 0 && !ambiguous.cities.some((city) => explicitCities.has(city))) ambiguous.states.forEach((state) => states.add(state));
      else ambiguous.cities.forEach((city) => explicitCities.add(city));
    }
    if (states.size === 0) this.fuzzyStates.forEach((state) => states.add(state));
    const inStates = (city: number) => states.size === 0 || states.has(allCities[city]!.stateCode);

    let cities: number[];
    let precision: LocationPrecision;
    if (explicitCities.size > 0) {
      cities = [...explicitCities].filter(inStates);
      precision = 'city';
    } else if (this.zipCities.size > 0) {
      cities = [...this.zipCities.keys()].filter(inStates);
      precision = 'zip';
    } else if (this.neighbourhoods.length > 0) {
      cities = [...new Set(this.neighbourhoods.map((hood) => hood.city))].filter(inStates);
      if (states.size === 0 && cities.length > MAX_CITIES_FOR_BARE_NEIGHBOURHOOD) return null;
      precision = 'neighbourhood';
    } else if (this.zipAreaCities.size > 0) {
      cities = [...this.zipAreaCities].filter(inStates);
      precision = 'city';
    } else if (states.size > 0) {
      cities = allCities.flatMap((city, index) => (states.has(city.stateCode) ? [index] : []));
      precision = 'state';
    } else if (this.sawZip) {
      // A ZIP code outside the directory: understood, but there is nothing there.
      return { cities: [], neighbourhoods: new Map(), zips: new Set(), precision: 'zip' };
    } else {
      return null;
    }

    const inScope = new Set(cities);
    const neighbourhoods = new Map<number, Set<string>>();
    for (const hood of this.neighbourhoods) {
      if (!inScope.has(hood.city)) continue;
      const names = neighbourhoods.get(hood.city) ?? new Set<string>();
      names.add(hood.name);
      neighbourhoods.set(hood.city, names);
    }
    const zips = new Set<string>();
    for (const [city, cityZips] of this.zipCities) if (inScope.has(city)) cityZips.forEach((zip) => zips.add(zip));
    if (zips.size > 0) precision = 'zip';
    else if (neighbourhoods.size > 0) precision = 'neighbourhood';
    return { cities, neighbourhoods, zips, precision };
  }
}
