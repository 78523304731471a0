import { readFileSync, statSync } from 'node:fs';
import { defaultDirectoryDataPath } from './directory-data-file';
import type { DirectoryDataSet } from './directory-data-set';
import { DEFAULT_DIRECTORY_SEED, generateDirectory, serializeDirectory } from './directory-generator';

const REQUIRED_CATEGORIES = [
  'plumber', 'electrician', 'dentist', 'hvac', 'locksmith', 'roofing', 'auto_repair', 'pizza', 'hair_salon', 'veterinarian',
  'law_firm', 'accounting', 'cleaning', 'pest_control', 'landscaping', 'moving', 'chiropractor', 'physical_therapy',
  'real_estate', 'insurance', 'florist', 'bakery', 'gym', 'daycare', 'dry_cleaner', 'car_wash',
];

describe('the bundled directory data set', () => {
  const path = defaultDirectoryDataPath();
  const committed = readFileSync(path, 'utf8');
  const dataSet = JSON.parse(committed) as DirectoryDataSet;
  const cities = new Map(dataSet.cities.map((city) => [city.key, city]));

  it('is exactly what the generator makes from the default seed', () => {
    expect(dataSet.seed).toBe(DEFAULT_DIRECTORY_SEED);
    expect(serializeDirectory(generateDirectory(DEFAULT_DIRECTORY_SEED)) === committed).toBe(true);
  });

  it('depends on the seed', () => {
    const other = generateDirectory(DEFAULT_DIRECTORY_SEED + 1);
    expect(other.businesses.length).toBe(dataSet.businesses.length);
    expect(other.businesses.map((business) => business.phone)).not.toEqual(dataSet.businesses.map((business) => business.phone));
  });

  it('stays small enough to bundle', () => {
    expect(statSync(path).size).toBeLessThan(3 * 1024 * 1024);
  });

  it('covers at least 40 real cities with states, ZIP codes, neighbourhoods and time zones', () => {
    expect(dataSet.cities.length).toBeGreaterThanOrEqual(40);
    for (const city of dataSet.cities) {
      expect(city.stateCode).toMatch(/^[A-Z]{2}$/);
      expect(city.state.length).toBeGreaterThan(3);
      expect(city.zipCodes.length).toBeGreaterThanOrEqual(3);
      for (const zip of city.zipCodes) expect(zip).toMatch(/^\d{5}$/);
      expect(city.neighbourhoods.length).toBeGreaterThanOrEqual(4);
      expect(city.neighbourhoods.length).toBeLessThanOrEqual(8);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: city.timeZone })).not.toThrow();
      for (const areaCode of city.areaCodes) expect(areaCode).toMatch(/^[2-9]\d{2}$/);
    }
    const withDowntown = dataSet.cities.filter((city) => city.neighbourhoods.includes('Downtown'));
    expect(withDowntown.length).toBeGreaterThan(dataSet.cities.length * 0.7);
  });

  it('has at least 25 service categories with Google types and search words', () => {
    expect(dataSet.categories.length).toBeGreaterThanOrEqual(25);
    expect(dataSet.categories.map((category) => category.key)).toEqual(expect.arrayContaining(REQUIRED_CATEGORIES));
    for (const category of dataSet.categories) {
      expect(category.types.slice(-2)).toEqual(['point_of_interest', 'establishment']);
      expect(category.words.length).toBeGreaterThanOrEqual(3);
    }
    const pizza = dataSet.categories.find((category) => category.key === 'pizza')!;
    expect(pizza.types).toEqual(['pizza_restaurant', 'restaurant', 'food', 'point_of_interest', 'establishment']);
  });

  it('holds thousands of fictional businesses with unique ids, names per city, phones and websites', () => {
    const { businesses } = dataSet;
    expect(businesses.length).toBeGreaterThanOrEqual(3000);
    expect(new Set(businesses.map((business) => business.id)).size).toBe(businesses.length);
    expect(new Set(businesses.map((business) => business.phone)).size).toBe(businesses.length);
    expect(new Set(businesses.map((business) => `${business.city}/${business.name.toLowerCase()}`)).size).toBe(businesses.length);
    const websites = businesses.flatMap((business) => (business.website ? [business.website] : []));
    expect(new Set(websites).size).toBe(websites.length);
  });

  // Plain checks collected per business: thousands of expect() calls would make this spec slow.
  it('gives every business a Google-style address, a 555-01xx number of its city and a reserved domain', () => {
    const problems: string[] = [];
    for (const business of dataSet.businesses) {
      const city = cities.get(business.city)!;
      const phone = /^\((\d{3})\) 555-01\d{2}$/.exec(business.phone);
      if (!new RegExp(`^dir-${business.city}-\\d{3}$`).test(business.id)) problems.push(`${business.id}: id`);
      if (!city.neighbourhoods.includes(business.neighbourhood)) problems.push(`${business.id}: neighbourhood ${business.neighbourhood}`);
      if (!city.zipCodes.includes(business.zip)) problems.push(`${business.id}: zip ${business.zip}`);
      if (!/^\d+ \S/.test(business.address) || !business.address.endsWith(`, ${city.name}, ${city.stateCode} ${business.zip}`)) problems.push(`${business.id}: address ${business.address}`);
      if (!phone || !city.areaCodes.includes(phone[1]!)) problems.push(`${business.id}: phone ${business.phone}`);
      if (business.website !== null && !/^https:\/\/[a-z0-9-]+\.example\.com$/.test(business.website)) problems.push(`${business.id}: website ${business.website}`);
    }
    expect(problems).toEqual([]);
  });

  it('rates most businesses from 1.0 to 5.0 with one decimal and leaves some unrated', () => {
    const rated = dataSet.businesses.filter((business) => business.rating !== null);
    expect(rated.length).toBeLessThan(dataSet.businesses.length);
    expect(rated.length).toBeGreaterThan(dataSet.businesses.length * 0.85);
    const problems = dataSet.businesses.filter((business) =>
      business.rating === null
        ? business.ratingCount !== null
        : business.rating < 1 || business.rating > 5 || Math.round(business.rating * 10) / 10 !== business.rating || !(business.ratingCount! > 0),
    );
    expect(problems).toEqual([]);
  });

  it('keeps most businesses operational, some closed for now and a rare few for good', () => {
    const count = (status: string) => dataSet.businesses.filter((business) => business.status === status).length;
    const total = dataSet.businesses.length;
    expect(count('OPERATIONAL')).toBeGreaterThan(total * 0.85);
    expect(count('CLOSED_TEMPORARILY')).toBeGreaterThan(0);
    expect(count('CLOSED_PERMANENTLY')).toBeGreaterThan(0);
    expect(count('CLOSED_PERMANENTLY')).toBeLessThan(count('CLOSED_TEMPORARILY'));
    expect(count('OPERATIONAL') + count('CLOSED_TEMPORARILY') + count('CLOSED_PERMANENTLY')).toBe(total);
  });

  it('gives opening hours that fit the category', () => {
    const hoursOf = (key: string) => dataSet.businesses.filter((business) => business.category === key && business.schedule !== null).map((business) => dataSet.schedules[business.schedule!]!);
    expect(hoursOf('locksmith').some((schedule) => schedule.weekdayText[0] === 'Monday: Open 24 hours')).toBe(true);
    expect(hoursOf('law_firm').every((schedule) => schedule.weekdayText[6] === 'Sunday: Closed')).toBe(true);
    expect(hoursOf('pizza').some((schedule) => schedule.weekdayText[5] === 'Saturday: Closed')).toBe(true);
    expect(hoursOf('daycare').every((schedule) => schedule.weekdayText[0] === 'Monday: 6:30 AM – 6:30 PM')).toBe(true);
    expect(dataSet.businesses.some((business) => business.schedule === null)).toBe(true);
    for (const schedule of dataSet.schedules) expect(schedule.weekdayText.map((line) => line.split(':')[0])).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
  });

  it('contains the businesses the product documentation names', () => {
    const find = (name: string, city: string) => dataSet.businesses.find((business) => business.name === name && business.city === city);
    expect(find('Pizza Palace', 'new-york-ny')).toMatchObject({ category: 'pizza', status: 'OPERATIONAL' });
    expect(find("Joe's Plumbing", 'springfield-il')).toMatchObject({ category: 'plumber', status: 'OPERATIONAL' });
    expect(find('Downtown Dental Care', 'austin-tx')).toMatchObject({ neighbourhood: 'Downtown' });
    expect(find('Rivera & Sons Plumbing', 'austin-tx')).toBeDefined();
  });
});
