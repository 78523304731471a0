import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DirectorySearchError } from '../../ports/business-directory';
import { describeBusinessDirectoryContract } from '../directory.contract';
import { readDirectoryDataSet } from '../embedded-directory/directory-data-file';
import { subsetDirectory } from '../embedded-directory/directory-subset';
import { EmbeddedDirectory } from '../embedded-directory/embedded-directory';
import { GooglePlacesDirectory } from './google-places-directory';
import { PLACES_FIELD_MASK, PLACES_FIELDS } from './places-api';
import { fromPlacesPlace } from './places-place-mapper';
import { PLACES_FAILURES, PlacesStandInServer } from './places-stand-in-server';

const API_KEY = 'test-places-key';
/** The bundled businesses of the two cities the contract searches, served by the stand-in. */
const fixture = new EmbeddedDirectory(subsetDirectory(readDirectoryDataSet(), ['new-york-ny', 'springfield-il']));

describeBusinessDirectoryContract('GooglePlacesDirectory against a local Places API stand-in', async () => {
  const standIn = await PlacesStandInServer.start({ apiKey: API_KEY, directory: fixture });
  return { directory: new GooglePlacesDirectory({ apiKey: API_KEY, baseUrl: standIn.baseUrl }), cleanup: () => standIn.close() };
});

describe('GooglePlacesDirectory', () => {
  let standIn: PlacesStandInServer;
  const directory = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
    new GooglePlacesDirectory({ apiKey: options.apiKey ?? API_KEY, baseUrl: standIn.baseUrl, timeoutMs: options.timeoutMs });
  const pizzaPalace = { businessName: 'Pizza Palace', location: 'New York, NY' };
  const failureOf = (attempt: Promise<unknown>) => attempt.then(() => undefined, (error: unknown) => error);

  beforeAll(async () => {
    standIn = await PlacesStandInServer.start({ apiKey: API_KEY, directory: fixture });
  });

  afterAll(async () => {
    await standIn.close();
  });

  it('posts a Text Search with the key, exactly the mapped fields and "<name> in <location>"', async () => {
    await directory().search(pizzaPalace);
    const request = standIn.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/places:searchText');
    expect(request.headers['x-goog-api-key']).toBe(API_KEY);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-goog-fieldmask']).toBe(PLACES_FIELD_MASK);
    expect(PLACES_FIELD_MASK.split(',')).toEqual([
      'places.id', 'places.displayName', 'places.formattedAddress', 'places.nationalPhoneNumber', 'places.internationalPhoneNumber',
      'places.websiteUri', 'places.rating', 'places.userRatingCount', 'places.types', 'places.businessStatus',
      'places.regularOpeningHours', 'places.utcOffsetMinutes',
    ]);
    expect(request.body).toEqual({ textQuery: 'Pizza Palace in New York, NY', pageSize: 10 });
  });

  it('asks for the limit, at most the 20 places a page holds', async () => {
    await directory().search(pizzaPalace, { limit: 3 });
    expect(standIn.requests.at(-1)!.body).toMatchObject({ pageSize: 3 });
    const many = await directory().search({ businessName: 'restaurant', location: 'New York' }, { limit: 50 });
    expect(standIn.requests.at(-1)!.body).toMatchObject({ pageSize: 20 });
    expect(many.length).toBeGreaterThan(10);
    expect(many.length).toBeLessThanOrEqual(20);
    const before = standIn.requests.length;
    expect(await directory().search(pizzaPalace, { limit: 0 })).toEqual([]);
    expect(standIn.requests.length).toBe(before);
  });

  it('maps Google fields to the port, E.164 numbers and plain spaces in the hours', async () => {
    const [place] = await directory().search(pizzaPalace);
    const [embedded] = await fixture.search(pizzaPalace);
    expect(place).toEqual({
      ...embedded,
      address: `${embedded!.address}, USA`,
      timeZone: null,
      utcOffsetMinutes: embedded!.utcOffsetMinutes,
    });
    expect(place!.weekdayText[0]).toMatch(/^Monday: \d{1,2}:\d{2}( AM| PM)? – \d{1,2}:\d{2} (AM|PM)$/);
  });

  it('reads an empty answer as no results', async () => {
    expect(await directory().search({ businessName: 'Zyxqua Vortplex', location: 'New York, NY' })).toEqual([]);
    expect(await directory().search({ businessName: 'pizza', location: 'Atlantis' })).toEqual([]);
  });

  it.each([
    ['quota exceeded (429 RESOURCE_EXHAUSTED)', 'quota_exceeded', PLACES_FAILURES.quotaExceeded],
    ['permission denied (403)', 'auth_failed', PLACES_FAILURES.permissionDenied],
    ['an internal error (500)', 'service_unavailable', PLACES_FAILURES.internal],
    ['unavailable (503)', 'service_unavailable', PLACES_FAILURES.unavailable],
    ['an invalid argument (400)', 'location_unclear', PLACES_FAILURES.invalidArgument],
    ['an unauthenticated caller (401)', 'auth_failed', { kind: 'error', httpStatus: 401, status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' }],
    ['a 403 without a status', 'auth_failed', { kind: 'error', httpStatus: 403, status: '', message: 'Forbidden' }],
    ['RESOURCE_EXHAUSTED under another code', 'quota_exceeded', { kind: 'error', httpStatus: 403, status: 'RESOURCE_EXHAUSTED', message: 'Daily limit' }],
    ['a 404 from a wrong base URL', 'service_unavailable', { kind: 'error', httpStatus: 404, status: 'NOT_FOUND', message: 'Not found' }],
  ] as const)('reports %s as %s', async (_, reason, failure) => {
    standIn.failNext(failure);
    const error = await failureOf(directory().search(pizzaPalace));
    expect(error).toBeInstanceOf(DirectorySearchError);
    expect(error).toMatchObject({ reason });
  });

  it('reports a wrong API key (400 API_KEY_INVALID) and a missing one as auth_failed', async () => {
    await expect(directory({ apiKey: 'wrong-key' }).search(pizzaPalace)).rejects.toMatchObject({ reason: 'auth_failed' });
    const noKey = new GooglePlacesDirectory({ apiKey: API_KEY, baseUrl: standIn.baseUrl, fetch: (url, init) => fetch(url, { ...init, headers: { 'X-Goog-FieldMask': PLACES_FIELD_MASK } }) });
    await expect(noKey.search(pizzaPalace)).rejects.toMatchObject({ reason: 'auth_failed' });
  });

  it('times out a search that hangs, as a network failure', async () => {
    standIn.failNext(PLACES_FAILURES.hang);
    const error = await failureOf(directory({ timeoutMs: 150 }).search(pizzaPalace));
    expect(error).toMatchObject({ reason: 'network', message: expect.stringContaining('150 ms') });
  });

  it('reports a dropped connection and a closed port as network failures', async () => {
    standIn.failNext(PLACES_FAILURES.drop);
    await expect(directory().search(pizzaPalace)).rejects.toMatchObject({ reason: 'network' });

    const closed = await PlacesStandInServer.start({ apiKey: API_KEY, directory: fixture });
    const baseUrl = closed.baseUrl;
    await closed.close();
    await expect(new GooglePlacesDirectory({ apiKey: API_KEY, baseUrl }).search(pizzaPalace)).rejects.toMatchObject({ reason: 'network' });
  });

  it('stops when the caller gives up', async () => {
    standIn.failNext(PLACES_FAILURES.hang);
    const controller = new AbortController();
    const attempt = failureOf(directory().search(pizzaPalace, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    expect(await attempt).toMatchObject({ reason: 'network', message: 'The search was cancelled' });
  });

  it('reports an answer that is not JSON as the service being unavailable', async () => {
    const portal: Server = createServer((_, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>Sign in to the Wi-Fi</html>'));
    await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = portal.address() as AddressInfo;
      await expect(new GooglePlacesDirectory({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${port}/` }).search(pizzaPalace)).rejects.toMatchObject({ reason: 'service_unavailable' });
    } finally {
      portal.closeAllConnections();
      await new Promise((resolve) => portal.close(resolve));
    }
  });

  it('is degraded after an auth or quota failure and up again after a good search', async () => {
    const places = directory();
    expect(await places.health()).toMatchObject({ adapter: 'google-places', state: 'up' });
    standIn.failNext(PLACES_FAILURES.quotaExceeded);
    await failureOf(places.search(pizzaPalace));
    expect(await places.health()).toMatchObject({ state: 'degraded', detail: expect.stringContaining('quota_exceeded') });
    await places.search(pizzaPalace);
    expect(await places.health()).toMatchObject({ state: 'up' });
    standIn.failNext(PLACES_FAILURES.permissionDenied);
    await failureOf(places.search(pizzaPalace));
    expect(await places.health()).toMatchObject({ state: 'degraded', detail: expect.stringContaining('auth_failed') });
    standIn.failNext(PLACES_FAILURES.internal);
    await failureOf(places.search(pizzaPalace));
    expect(await places.health()).toMatchObject({ state: 'up' });
  });

  it('never puts the API key in an error message', async () => {
    standIn.failNext(PLACES_FAILURES.permissionDenied);
    const error = (await failureOf(directory().search(pizzaPalace))) as Error;
    expect(error.message).not.toContain(API_KEY);
  });

  it('needs an API key', () => {
    expect(() => new GooglePlacesDirectory({ apiKey: '  ' })).toThrow(/API key/);
  });
});

describe('PlacesStandInServer', () => {
  let standIn: PlacesStandInServer;
  const post = (headers: Record<string, string>, body: string) =>
    fetch(`${standIn.baseUrl}/v1/places:searchText`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

  beforeAll(async () => {
    standIn = await PlacesStandInServer.start({ apiKey: API_KEY, directory: fixture });
  });

  afterAll(async () => {
    await standIn.close();
  });

  it('answers only the fields of the mask, like Google', async () => {
    const response = await post({ 'X-Goog-Api-Key': API_KEY, 'X-Goog-FieldMask': 'places.id,places.displayName' }, JSON.stringify({ textQuery: 'Pizza Palace in New York, NY' }));
    const body = (await response.json()) as { places: Record<string, unknown>[] };
    expect(Object.keys(body.places[0]!).sort()).toEqual(['displayName', 'id']);
    expect(body.places[0]!.displayName).toEqual({ text: 'Pizza Palace', languageCode: 'en' });
  });

  it('refuses requests Google would refuse', async () => {
    expect((await post({ 'X-Goog-Api-Key': API_KEY }, '{"textQuery":"pizza in New York"}')).status).toBe(400);
    expect((await post({ 'X-Goog-Api-Key': API_KEY, 'X-Goog-FieldMask': 'places.id,places.priceLevel' }, '{"textQuery":"pizza in New York"}')).status).toBe(400);
    expect((await post({ 'X-Goog-Api-Key': API_KEY, 'X-Goog-FieldMask': 'places.id' }, '{"pageSize":5}')).status).toBe(400);
    expect((await post({ 'X-Goog-Api-Key': API_KEY, 'X-Goog-FieldMask': 'places.id' }, 'not json')).status).toBe(400);
    expect((await post({ 'X-Goog-FieldMask': 'places.id' }, '{"textQuery":"pizza in New York"}')).status).toBe(403);
    expect((await fetch(`${standIn.baseUrl}/v1/places:searchText`)).status).toBe(404);
  });
});

describe('fromPlacesPlace', () => {
  it('fills in what Google leaves out and ignores places without an id or name', () => {
    expect(fromPlacesPlace({ displayName: { text: 'No id' } })).toBeNull();
    expect(fromPlacesPlace({ id: 'ChIJ1' })).toBeNull();
    expect(
      fromPlacesPlace({
        id: 'ChIJ1',
        displayName: { text: 'Corner Shop' },
        businessStatus: 'BUSINESS_STATUS_UNSPECIFIED',
        internationalPhoneNumber: '+44 20 7946 0958',
        regularOpeningHours: { periods: [{ open: { day: 0 } }, { open: { day: 1, hour: 9 }, close: { day: 1, hour: 17, minute: 30 } }] },
      }),
    ).toEqual({
      placeId: 'ChIJ1',
      name: 'Corner Shop',
      address: '',
      phoneNumber: null,
      internationalPhoneNumber: '+442079460958',
      website: null,
      rating: null,
      ratingCount: null,
      businessTypes: [],
      businessStatus: null,
      weekdayText: [],
      openingPeriods: [{ open: { day: 0, hour: 0, minute: 0 } }, { open: { day: 1, hour: 9, minute: 0 }, close: { day: 1, hour: 17, minute: 30 } }],
      timeZone: null,
      utcOffsetMinutes: null,
    });
  });

  it('keeps the field list and the mask in step', () => {
    expect(PLACES_FIELD_MASK).toBe(PLACES_FIELDS.join(','));
  });
});
