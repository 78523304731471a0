import type { BusinessDirectory, DirectoryPlace } from '../ports/business-directory';

export interface BusinessDirectoryFixture {
  directory: BusinessDirectory;
  cleanup?: () => Promise<void>;
}

/**
 * The behaviour every business directory adapter shares. The factory's directory must hold the bundled
 * businesses of New York, NY and Springfield, IL (the embedded data set, or a stand-in serving them).
 */
export function describeBusinessDirectoryContract(name: string, factory: () => Promise<BusinessDirectoryFixture>): void {
  describe(`${name} (business directory contract)`, () => {
    let fixture: BusinessDirectoryFixture;
    let directory: BusinessDirectory;

    beforeAll(async () => {
      fixture = await factory();
      directory = fixture.directory;
    });

    afterAll(async () => {
      await fixture?.cleanup?.();
    });

    it('puts an exact name first', async () => {
      const pizza = await directory.search({ businessName: 'Pizza Palace', location: 'New York, NY' });
      expect(pizza[0]?.name).toBe('Pizza Palace');
      expect(pizza[0]?.address).toContain('New York, NY');

      const plumbing = await directory.search({ businessName: "Joe's Plumbing", location: 'Springfield, IL' });
      expect(plumbing[0]?.name).toBe("Joe's Plumbing");
    });

    it('gives every field the type the port promises', async () => {
      const places = await directory.search({ businessName: 'plumber', location: 'Springfield, IL' });
      expect(places.length).toBeGreaterThan(0);
      for (const place of places) expectWellFormedPlace(place);
    });

    it('only gives phone numbers in the fictional 555-01xx range', async () => {
      const places = await directory.search({ businessName: 'pizza', location: 'New York, NY' }, { limit: 20 });
      expect(places.length).toBeGreaterThan(1);
      for (const place of places) {
        expect(place.phoneNumber).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
        expect(place.internationalPhoneNumber).toMatch(/^\+1\d{3}55501\d{2}$/);
        expect(place.internationalPhoneNumber!.slice(2, 5)).toBe(place.phoneNumber!.slice(1, 4));
      }
    });

    it('respects the limit and keeps the best matches first', async () => {
      const query = { businessName: 'pizza', location: 'New York, NY' };
      const all = await directory.search(query);
      expect(all.length).toBeGreaterThan(2);
      expect(all.length).toBeLessThanOrEqual(10);
      const two = await directory.search(query, { limit: 2 });
      expect(two.map((place) => place.placeId)).toEqual(all.slice(0, 2).map((place) => place.placeId));
      expect(await directory.search(query, { limit: 1 })).toHaveLength(1);
    });

    it('answers [] for a name that matches nothing', async () => {
      expect(await directory.search({ businessName: 'Zyxqua Vortplex Emporium', location: 'New York, NY' })).toEqual([]);
    });

    it('never lists the same place twice', async () => {
      const places = await directory.search({ businessName: 'plumbing', location: 'Springfield, IL' }, { limit: 20 });
      expect(new Set(places.map((place) => place.placeId)).size).toBe(places.length);
    });

    it('reports its health under its adapter name', async () => {
      const health = await directory.health();
      expect(health.adapter).toBe(directory.adapterName);
      expect(health.state).toBe('up');
    });
  });
}

function expectWellFormedPlace(place: DirectoryPlace): void {
  expect(typeof place.placeId).toBe('string');
  expect(place.placeId.length).toBeGreaterThan(0);
  expect(typeof place.name).toBe('string');
  expect(place.name.length).toBeGreaterThan(0);
  expect(typeof place.address).toBe('string');
  expect(place.address).toMatch(/, [A-Z]{2} \d{5}/);
  expectStringOrNull(place.phoneNumber);
  expectStringOrNull(place.internationalPhoneNumber);
  expectStringOrNull(place.website);
  if (place.website !== null) expect(new URL(place.website).hostname).toMatch(/\.example(\.com)?$/);
  if (place.rating !== null) {
    expect(place.rating).toBeGreaterThanOrEqual(1);
    expect(place.rating).toBeLessThanOrEqual(5);
    expect(Math.round(place.rating * 10) / 10).toBe(place.rating);
  }
  if (place.ratingCount !== null) expect(Number.isInteger(place.ratingCount)).toBe(true);
  expect(Array.isArray(place.businessTypes)).toBe(true);
  expect(place.businessTypes.length).toBeGreaterThan(0);
  for (const type of place.businessTypes) expect(type).toMatch(/^[a-z_]+$/);
  expect([null, 'OPERATIONAL', 'CLOSED_TEMPORARILY', 'CLOSED_PERMANENTLY']).toContain(place.businessStatus);
  expect(place.weekdayText.length === 0 || place.weekdayText.length === 7).toBe(true);
  if (place.weekdayText.length === 7) {
    expect(place.weekdayText[0]).toMatch(/^Monday: /);
    expect(place.weekdayText[6]).toMatch(/^Sunday: /);
    expect(place.openingPeriods.length).toBeGreaterThan(0);
  }
  for (const period of place.openingPeriods) {
    expectPoint(period.open);
    if (period.close !== undefined) expectPoint(period.close);
  }
  expectStringOrNull(place.timeZone);
  if (place.utcOffsetMinutes !== null) expect(Number.isInteger(place.utcOffsetMinutes)).toBe(true);
  expect(place.timeZone !== null || place.utcOffsetMinutes !== null).toBe(true);
}

function expectPoint(point: { day: number; hour: number; minute: number }): void {
  expect(point.day).toBeGreaterThanOrEqual(0);
  expect(point.day).toBeLessThanOrEqual(6);
  expect(point.hour).toBeGreaterThanOrEqual(0);
  expect(point.hour).toBeLessThanOrEqual(23);
  expect(point.minute).toBeGreaterThanOrEqual(0);
  expect(point.minute).toBeLessThanOrEqual(59);
}

function expectStringOrNull(value: unknown): void {
  expect(value === null || typeof value === 'string').toBe(true);
}
