import { DirectorySearchError, type DirectoryPlace } from '../../ports/business-directory';
import { describeBusinessDirectoryContract } from '../directory.contract';
import { readDirectoryDataSet } from './directory-data-file';
import type { DirectoryBusiness, DirectoryDataSet } from './directory-data-set';
import { EmbeddedDirectory } from './embedded-directory';

const dataSet = readDirectoryDataSet();
const directory = new EmbeddedDirectory(dataSet);
const byId = new Map(dataSet.businesses.map((business) => [business.id, business]));
const businessOf = (place: DirectoryPlace) => byId.get(place.placeId)!;
const search = (businessName: string, location: string, limit?: number) => directory.search({ businessName, location }, { limit });
const names = (places: DirectoryPlace[]) => places.map((place) => place.name);
const categoriesOf = (places: DirectoryPlace[]) => [...new Set(places.map((place) => businessOf(place).category))];
const citiesOf = (places: DirectoryPlace[]) => [...new Set(places.map((place) => businessOf(place).city))].sort();

/** All results in the neighbourhood come before any result outside it, and there is at least one. */
function expectNeighbourhoodFirst(places: DirectoryPlace[], neighbourhood: string): void {
  const inside = places.map((place) => businessOf(place).neighbourhood === neighbourhood);
  expect(inside[0]).toBe(true);
  expect(inside.indexOf(false) === -1 || inside.lastIndexOf(true) < inside.indexOf(false)).toBe(true);
}

describeBusinessDirectoryContract('EmbeddedDirectory', async () => ({ directory }));

describe('EmbeddedDirectory search', () => {
  it('finds the spec placeholder business', async () => {
    const places = await search('Pizza Palace', 'New York, NY');
    expect(places[0]).toMatchObject({ name: 'Pizza Palace', businessTypes: ['pizza_restaurant', 'restaurant', 'food', 'point_of_interest', 'establishment'] });
  });

  it.each(['joes plumbing', "Joe's Plumbing", 'JOE’S PLUMBING', 'plumbing joes', "plumbing joe's", 'Joe Plumbing'])(
    'ignores apostrophes, case and word order: %p',
    async (name) => {
      expect((await search(name, 'Springfield, IL'))[0]?.name).toBe("Joe's Plumbing");
    },
  );

  it.each([
    ['plumbng', 'Springfield, IL', "Joe's Plumbing"],
    ['Joes Plumbnig', 'Springfield, IL', "Joe's Plumbing"],
    ['Piza Palace', 'New York, NY', 'Pizza Palace'],
    ['Pizza Palce', 'New York, NY', 'Pizza Palace'],
    ['Downtwn Dental Care', 'Austin, TX', 'Downtown Dental Care'],
    ['Rivera and Sons Plumbing', 'Austin', 'Rivera & Sons Plumbing'],
  ])('tolerates typos: %p in %p', async (name, location, expected) => {
    const places = await search(name, location);
    expect(names(places)).toContain(expected);
    if (name !== 'plumbng') expect(places[0]?.name).toBe(expected);
  });

  it('reads a misspelt category word as the category', async () => {
    expect(categoriesOf(await search('plumbng', 'Austin'))).toEqual(['plumber']);
    expect(categoriesOf(await search('dentst', 'Portland, OR'))).toEqual(['dentist']);
  });

  it.each([
    ['plumber', 'plumber'],
    ['plumbing', 'plumber'],
    ['dentist', 'dentist'],
    ['teeth', 'dentist'],
    ['dental', 'dentist'],
    ['hvac', 'hvac'],
    ['heating', 'hvac'],
    ['air conditioning', 'hvac'],
    ['locksmith', 'locksmith'],
    ['vet', 'veterinarian'],
    ['attorney', 'law_firm'],
    ['cpa', 'accounting'],
    ['exterminator', 'pest_control'],
    ['lawn care', 'landscaping'],
    ['movers', 'moving'],
    ['realtor', 'real_estate'],
    ['flowers', 'florist'],
    ['day care', 'daycare'],
    ['dry cleaners', 'dry_cleaner'],
    ['car wash', 'car_wash'],
  ])('understands the category word %p', async (word, category) => {
    const places = await search(word, 'Chicago');
    expect(places.length).toBeGreaterThan(0);
    expect(categoriesOf(places)).toEqual([category]);
  });

  it('ranks dentists in the Downtown neighbourhood first for "dentist near downtown"', async () => {
    const places = await search('dentist near downtown', 'Austin');
    expect(categoriesOf(places)).toEqual(['dentist']);
    expect(places.length).toBeGreaterThan(2);
    expectNeighbourhoodFirst(places, 'Downtown');
    expect(names(places)).toContain('Downtown Dental Care');
  });

  it('limits a city search to that city', async () => {
    for (const location of ['Austin', 'austin', 'Austin, TX', 'Austin, Texas', 'ATX']) {
      expect(citiesOf(await search('plumber', location, 20))).toEqual(['austin-tx']);
    }
  });

  it('searches a whole state by name or code', async () => {
    for (const location of ['Texas', 'TX']) {
      const places = await search('plumber', location, 20);
      expect(places).toHaveLength(20);
      expect(citiesOf(places).length).toBeGreaterThan(1);
      for (const place of places) expect(place.address).toMatch(/, TX \d{5}$/);
    }
  });

  it('ranks the ZIP code first when given one', async () => {
    const places = await search('restaurant', '78701', 20);
    expect(citiesOf(places)).toEqual(['austin-tx']);
    const inZip = places.map((place) => businessOf(place).zip === '78701');
    expect(inZip[0]).toBe(true);
    expect(inZip.lastIndexOf(true)).toBeLessThan(inZip.indexOf(false) === -1 ? Infinity : inZip.indexOf(false));
  });

  it('ranks a named neighbourhood first', async () => {
    expectNeighbourhoodFirst(await search('dentist', 'Downtown Austin', 20), 'Downtown');
    const soho = await search('restaurant', 'SoHo, New York', 20);
    expect(citiesOf(soho)).toEqual(['new-york-ny']);
    expectNeighbourhoodFirst(soho, 'SoHo');
  });

  it('tells the ambiguous place names apart', async () => {
    expect(citiesOf(await search('pizza', 'LA'))).toEqual(['los-angeles-ca']);
    expect(citiesOf(await search('pizza', 'New Orleans, LA'))).toEqual(['new-orleans-la']);
    expect(citiesOf(await search('locksmith', 'Washington'))).toEqual(['washington-dc']);
    expect(citiesOf(await search('locksmith', 'Seattle, Washington'))).toEqual(['seattle-wa']);
  });

  it('puts the exact name before partial matches and reads place words in the name as a preference', async () => {
    const places = await search('Downtown Dental Care', 'Austin');
    expect(places[0]?.name).toBe('Downtown Dental Care');
    expect(categoriesOf(places)).toEqual(['dentist']);
    expect((await search('Austin Plumbing', 'Austin'))[0]?.name).toMatch(/^Austin Plumbing/);
  });

  it('rejects a location it cannot place', async () => {
    const failure = await search('pizza', 'Atlantis').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DirectorySearchError);
    expect(failure).toMatchObject({ reason: 'location_unclear' });
    await expect(search('pizza', 'Downtown')).rejects.toMatchObject({ reason: 'location_unclear' });
  });

  it('answers [] for places it understands but does not cover, and for names that match nothing', async () => {
    expect(await search('pizza', 'Portland, ME')).toEqual([]);
    expect(await search('pizza', 'Maine')).toEqual([]);
    expect(await search('Quantum Widget Emporium', 'Austin')).toEqual([]);
    expect(await search('the', 'Austin')).toEqual([]);
    expect(await search('???', 'Austin')).toEqual([]);
  });

  it('returns 10 results by default and honours other limits', async () => {
    expect(await search('restaurant', 'New York')).toHaveLength(10);
    expect(await search('restaurant', 'New York', 3)).toHaveLength(3);
    expect(await search('restaurant', 'New York', 0)).toEqual([]);
    expect((await search('restaurant', 'New York', 50)).length).toBeGreaterThan(10);
  });

  it('maps a business to a place with its time zone, offset, E.164 number and hours', async () => {
    const [place] = await search('Pizza Palace', 'New York, NY');
    const business = businessOf(place!);
    expect(place).toMatchObject({
      placeId: business.id,
      address: business.address,
      phoneNumber: business.phone,
      internationalPhoneNumber: `+1${business.phone.replace(/\D/g, '')}`,
      website: 'https://pizza-palace.example.com',
      businessStatus: 'OPERATIONAL',
      timeZone: 'America/New_York',
    });
    expect([-300, -240]).toContain(place!.utcOffsetMinutes);
    expect(place!.weekdayText).toEqual(dataSet.schedules[business.schedule!]!.weekdayText);
  });

  it('hands out copies, so a caller cannot change the directory', async () => {
    const [first] = await search('Pizza Palace', 'New York, NY');
    first!.weekdayText.push('changed');
    first!.businessTypes.length = 0;
    first!.openingPeriods[0]!.open.hour = 99;
    const [again] = await search('Pizza Palace', 'New York, NY');
    expect(again!.weekdayText).toHaveLength(7);
    expect(again!.businessTypes.length).toBeGreaterThan(0);
    expect(again!.openingPeriods[0]!.open.hour).not.toBe(99);
  });

  it('does not search once the caller has given up', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(directory.search({ businessName: 'pizza', location: 'Austin' }, { signal: controller.signal })).rejects.toMatchObject({ reason: 'network' });
  });

  it('reports its size in its health', async () => {
    expect(await directory.health()).toEqual({ adapter: 'embedded', state: 'up', detail: `${dataSet.businesses.length} fictional businesses in ${dataSet.cities.length} cities` });
  });
});

describe('EmbeddedDirectory ranking on a small data set', () => {
  const city = dataSet.cities.find((candidate) => candidate.key === 'springfield-il')!;
  const categories = dataSet.categories.filter((category) => ['plumber', 'pizza', 'dentist'].includes(category.key));
  let serial = 0;
  const business = (name: string, overrides: Partial<DirectoryBusiness> = {}): DirectoryBusiness => {
    serial += 1;
    return {
      id: `dir-test-${serial}`,
      name,
      category: 'plumber',
      city: city.key,
      neighbourhood: 'Enos Park',
      zip: '62702',
      address: `${serial} Main St, Springfield, IL 62702`,
      phone: `(217) 555-01${String(serial).padStart(2, '0')}`,
      website: null,
      rating: 4,
      ratingCount: 10,
      status: 'OPERATIONAL',
      schedule: null,
      ...overrides,
    };
  };
  const small = (businesses: DirectoryBusiness[]): EmbeddedDirectory => {
    const set: DirectoryDataSet = { version: 1, seed: 0, cities: [city], categories, schedules: [], businesses };
    return new EmbeddedDirectory(set);
  };

  it('breaks ties by rating, then by number of ratings, unrated last', async () => {
    const local = small([
      business('Alpha Plumbing', { rating: 4.1 }),
      business('Beta Plumbing', { rating: 4.8, ratingCount: 3 }),
      business('Gamma Plumbing', { rating: null, ratingCount: null }),
      business('Delta Plumbing', { rating: 4.8, ratingCount: 300 }),
    ]);
    expect(names(await local.search({ businessName: 'plumbing', location: 'Springfield' }))).toEqual(['Delta Plumbing', 'Beta Plumbing', 'Alpha Plumbing', 'Gamma Plumbing']);
  });

  it('ranks a stronger name match above a better rating', async () => {
    const local = small([business('Pipe Masters', { rating: 5 }), business("Joe's Plumbing", { rating: 2.1 }), business("Joe's Plumbing & Drain", { rating: 4.9 })]);
    expect(names(await local.search({ businessName: "Joe's Plumbing", location: 'Springfield' }))).toEqual(["Joe's Plumbing", "Joe's Plumbing & Drain", 'Pipe Masters']);
  });

  it('puts the requested neighbourhood and ZIP before the rest of the city', async () => {
    const local = small([business('North Plumbing', { rating: 5 }), business('South Plumbing', { rating: 3, neighbourhood: 'Downtown', zip: '62701' })]);
    expect(names(await local.search({ businessName: 'plumber', location: 'Downtown Springfield' }))).toEqual(['South Plumbing', 'North Plumbing']);
    expect(names(await local.search({ businessName: 'plumber', location: 'Springfield, IL 62701' }))).toEqual(['South Plumbing', 'North Plumbing']);
    expect(names(await local.search({ businessName: 'plumber', location: 'Springfield' }))).toEqual(['North Plumbing', 'South Plumbing']);
  });

  it('reads a neighbourhood named in the business name as a preference, not a requirement', async () => {
    const local = small([
      business('Smile Studio', { category: 'dentist', rating: 5 }),
      business('Bright Dental', { category: 'dentist', rating: 3, neighbourhood: 'Downtown', zip: '62701' }),
      business('Downtown Plumbing', { rating: 5 }),
    ]);
    expect(names(await local.search({ businessName: 'dentist near downtown', location: 'Springfield' }))).toEqual(['Bright Dental', 'Smile Studio']);
  });

  it('ranks closed businesses below open ones that match as well', async () => {
    const local = small([
      business('Gone Plumbing', { rating: 5, status: 'CLOSED_PERMANENTLY' }),
      business('Paused Plumbing', { rating: 4.9, status: 'CLOSED_TEMPORARILY' }),
      business('Open Plumbing', { rating: 3 }),
    ]);
    expect(names(await local.search({ businessName: 'plumber', location: 'Springfield' }))).toEqual(['Open Plumbing', 'Paused Plumbing', 'Gone Plumbing']);
  });

  it('reads possessives however they are typed', async () => {
    const local = small([business("Gus's Plumbing", { rating: 3 }), business('Luis Plumbing', { rating: 5 }), business("Luis's Brick Oven Pizza", { category: 'pizza' })]);
    for (const name of ['guss plumbing', 'gus plumbing', 'Gus’s Plumbing', "GUS'S PLUMBING", 'plumbing gus']) {
      expect((await local.search({ businessName: name, location: 'Springfield' }))[0]?.name).toBe("Gus's Plumbing");
    }
    expect((await local.search({ businessName: 'luiss brick oven pizza', location: 'Springfield' }))[0]?.name).toBe("Luis's Brick Oven Pizza");
  });

  it('needs most of the words to match and never fills up with unrelated businesses', async () => {
    const local = small([business("Joe's Plumbing"), business('Tony Pizza', { category: 'pizza' }), business('Rivera Pipe Works')]);
    expect(names(await local.search({ businessName: 'Rivera Pizza Plumbing', location: 'Springfield' }))).toEqual(['Rivera Pipe Works']);
    expect(names(await local.search({ businessName: 'Rivera Plumbing', location: 'Springfield' }))).toEqual(['Rivera Pipe Works', "Joe's Plumbing"]);
    expect(names(await local.search({ businessName: 'Joe', location: 'Springfield' }))).toEqual(["Joe's Plumbing"]);
    expect(await local.search({ businessName: 'Co', location: 'Springfield' })).toEqual([]);
  });
});

describe('EmbeddedDirectory.fromFile', () => {
  it('says how to restore a missing data file', () => {
    expect(() => EmbeddedDirectory.fromFile('/nonexistent/directory.json')).toThrow(/missing at \/nonexistent\/directory.json.*generate-directory/);
  });
});

describe('EmbeddedDirectory findByPhone', () => {
  it('finds the business reached at a number, and nothing for other numbers', async () => {
    const [pizza] = await directory.search({ businessName: 'Pizza Palace', location: 'New York, NY' });
    expect(directory.findByPhone(pizza.internationalPhoneNumber!)).toMatchObject({ placeId: pizza.placeId, name: 'Pizza Palace' });
    expect(directory.findByPhone('+19995550199')).toBeNull();
  });
});
