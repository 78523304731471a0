import { readDirectoryDataSet } from './directory-data-file';
import { LocationResolver } from './location-resolver';
import type { LocationScope } from './location-scope';

describe('LocationResolver', () => {
  const { cities } = readDirectoryDataSet();
  const resolver = new LocationResolver(cities);
  const keysOf = (scope: LocationScope | null) => (scope ? scope.cities.map((index) => cities[index]!.key).sort() : null);
  const hoodsOf = (scope: LocationScope | null) => [...(scope?.neighbourhoods.values() ?? [])].flatMap((set) => [...set]);

  it.each([
    ['Austin', ['austin-tx']],
    ['austin', ['austin-tx']],
    ['Austin, TX', ['austin-tx']],
    ['Austin Texas', ['austin-tx']],
    ['New York, NY', ['new-york-ny']],
    ['New York', ['new-york-ny']],
    ['NYC', ['new-york-ny']],
    ['Washington', ['washington-dc']],
    ['Washington, DC', ['washington-dc']],
    ['Seattle, Washington', ['seattle-wa']],
    ['LA', ['los-angeles-ca']],
    ['New Orleans, LA', ['new-orleans-la']],
    ['Portland, OR', ['portland-or']],
    ['portland or', ['portland-or']],
    ['St. Louis', ['st-louis-mo']],
    ['Saint Louis, Missouri', ['st-louis-mo']],
    ['Salt Lake City', ['salt-lake-city-ut']],
    ['Kansas City', ['kansas-city-mo']],
    ['Chicgo', ['chicago-il']],
    ['Philadelpia', ['philadelphia-pa']],
    ['123 Main St, Springfield, IL 62701', ['springfield-il']],
  ])('reads %p as a city', (location, expected) => {
    const scope = resolver.resolve(location);
    expect(keysOf(scope)).toEqual(expected);
  });

  it('reads a state name or code as every covered city of that state', () => {
    const texas = ['austin-tx', 'dallas-tx', 'el-paso-tx', 'fort-worth-tx', 'houston-tx', 'san-antonio-tx'];
    expect(keysOf(resolver.resolve('Texas'))).toEqual(texas);
    expect(keysOf(resolver.resolve('TX'))).toEqual(texas);
    expect(resolver.resolve('tx')?.precision).toBe('state');
  });

  it('reads ZIP codes, also ZIP+4, and unknown ZIPs of a covered area as that city', () => {
    const zip = resolver.resolve('78701');
    expect(keysOf(zip)).toEqual(['austin-tx']);
    expect(zip?.precision).toBe('zip');
    expect([...zip!.zips]).toEqual(['78701']);
    expect(keysOf(resolver.resolve('Austin, TX 78701-1234'))).toEqual(['austin-tx']);
    expect(keysOf(resolver.resolve('78745'))).toEqual(['austin-tx']);
  });

  it('reads neighbourhoods with or without their city', () => {
    const downtown = resolver.resolve('Downtown Austin');
    expect(keysOf(downtown)).toEqual(['austin-tx']);
    expect(hoodsOf(downtown)).toEqual(['Downtown']);
    expect(downtown?.precision).toBe('neighbourhood');
    const soho = resolver.resolve('SoHo, New York');
    expect(keysOf(soho)).toEqual(['new-york-ny']);
    expect(hoodsOf(soho)).toEqual(['SoHo']);
    expect(keysOf(resolver.resolve('SoHo'))).toEqual(['new-york-ny']);
    expect(hoodsOf(resolver.resolve('Loop, Chicago'))).toEqual(['The Loop']);
    expect(keysOf(resolver.resolve('Capitol Hill, Seattle'))).toEqual(['seattle-wa']);
  });

  it('prefers the city when a name is both a city and a neighbourhood elsewhere', () => {
    const scope = resolver.resolve('Springfield');
    expect(keysOf(scope)).toEqual(['springfield-il']);
    expect(scope?.neighbourhoods.size).toBe(0);
  });

  it('understands places the directory does not cover and gives them an empty scope', () => {
    expect(resolver.resolve('Maine')?.cities).toEqual([]);
    expect(resolver.resolve('Portland, ME')?.cities).toEqual([]);
    expect(resolver.resolve('04101')?.cities).toEqual([]);
  });

  it('cannot place unknown or too vague locations', () => {
    expect(resolver.resolve('Atlantis')).toBeNull();
    expect(resolver.resolve('Downtown')).toBeNull();
    expect(resolver.resolve('in or me')).toBeNull();
    expect(resolver.resolve('')).toBeNull();
  });
});
