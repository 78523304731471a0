import type { DirectoryDataSet } from './directory-data-set';

/** The part of a data set in the given cities (by key), e.g. a small fixture for a test server. */
export function subsetDirectory(dataSet: DirectoryDataSet, cityKeys: readonly string[]): DirectoryDataSet {
  const keys = new Set(cityKeys);
  const unknown = cityKeys.filter((key) => !dataSet.cities.some((city) => city.key === key));
  if (unknown.length > 0) throw new Error(`Unknown cities: ${unknown.join(', ')}`);
  return {
    ...dataSet,
    cities: dataSet.cities.filter((city) => keys.has(city.key)),
    businesses: dataSet.businesses.filter((business) => keys.has(business.city)),
  };
}
