import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackUserPayload, TrackUserResponse } from '../../api/analytics-api';
import { ApiError } from '../../api/api-error';
import {
  ANON_ID_STORAGE_KEY,
  AnonymousUserService,
  type AnonymousUserServiceDeps,
  GDPR_CONSENT_STORAGE_KEY,
} from './anonymous-user-service';
import { memoryStorage } from './browser-storage';
import type { DeviceInfo } from './device-info';
import { linkableAnonIds } from './linkable-anon-ids';

const deviceInfo: DeviceInfo = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  language: 'en-US',
  platform: 'Linux',
  screenResolution: '1920x1080',
  colorDepth: 24,
  timezone: 'America/Chicago',
  timezoneOffset: 360,
  touchSupport: false,
  cookieEnabled: true,
  doNotTrack: false,
};

const FINGERPRINT = '0123456789abcdef0123456789abcdef';
const SERVER_ID = 'anon_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

/** What track-user answers for a browser that proves `ids`, the newest first. */
const tracked = (...ids: string[]): TrackUserResponse => ({ anon_id: ids[0], linkable_anon_ids: ids, visit_count: 1, first_seen_at: null, gdpr_consent: null });

/** A service over fresh storage; the visitor has consented to analytics unless `consent` says otherwise. */
function setup(overrides: Partial<AnonymousUserServiceDeps> = {}, consent: boolean | null = true) {
  const storage = memoryStorage();
  if (consent !== null) storage.setItem(GDPR_CONSENT_STORAGE_KEY, String(consent));
  const logger = { warn: vi.fn(), error: vi.fn() };
  const trackUser = vi.fn(async (_payload: TrackUserPayload): Promise<TrackUserResponse> => tracked(SERVER_ID));
  const service = new AnonymousUserService({
    trackUser,
    fingerprint: () => FINGERPRINT,
    deviceInfo: () => deviceInfo,
    storage,
    referrer: () => 'https://search.example/',
    logger,
    ...overrides,
  });
  return { service, storage, logger, trackUser };
}

describe('AnonymousUserService', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts uninitialised and becomes initialised after the fingerprint and the track-user call', async () => {
    const { service, trackUser } = setup();
    expect(service.state).toBe('uninitialised');

    await service.initialize();

    expect(service.state).toBe('initialised');
    expect(service.fingerprint).toBe(FINGERPRINT);
    expect(trackUser).toHaveBeenCalledWith({
      fingerprint: FINGERPRINT,
      screen_resolution: '1920x1080',
      timezone: 'America/Chicago',
      language: 'en-US',
      referrer: 'https://search.example/',
      gdpr_consent: true,
    });
  });

  it('sends the stored anon_id and GDPR consent, and stores a new anon_id from the server', async () => {
    const { service, storage, trackUser } = setup();
    storage.setItem(ANON_ID_STORAGE_KEY, 'anon_00000000-0000-4000-8000-000000000001');
    storage.setItem(GDPR_CONSENT_STORAGE_KEY, 'true');

    await service.initialize();

    expect(trackUser.mock.calls[0][0]).toMatchObject({
      anon_id: 'anon_00000000-0000-4000-8000-000000000001',
      gdpr_consent: true,
    });
    expect(storage.getItem(ANON_ID_STORAGE_KEY)).toBe(SERVER_ID);
    expect(service.anonId).toBe(SERVER_ID);
  });

  it('keeps the ids the server says this browser may link', async () => {
    const older = 'anon_0b6f4c1e-6a36-4d0e-9b8e-2f0a1c2d3e4f';
    const { service, storage } = setup({ trackUser: vi.fn(async () => tracked(SERVER_ID, older)) });

    await service.initialize();

    expect(linkableAnonIds(storage)).toEqual([SERVER_ID, older]);
  });

  it('runs once however often it is asked', async () => {
    const { service, trackUser } = setup();
    await Promise.all([service.initialize(), service.initialize()]);
    await service.initialize();
    expect(trackUser).toHaveBeenCalledTimes(1);
  });

  it('treats a tracking failure as non-critical: warns with the status and still initialises', async () => {
    const { service, logger, storage } = setup({
      trackUser: async () => {
        throw new ApiError('API Error: 503', 503, undefined);
      },
    });

    await service.initialize();

    expect(service.state).toBe('initialised');
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('503'));
    expect(logger.error).not.toHaveBeenCalled();
    expect(storage.getItem(ANON_ID_STORAGE_KEY)).toBeNull();
  });

  it('logs an error when initialisation itself fails, and does not keep callers waiting', async () => {
    const { service, logger, trackUser } = setup({
      fingerprint: () => {
        throw new Error('no fingerprint');
      },
    });

    await service.initialize();

    expect(logger.error).toHaveBeenCalled();
    expect(trackUser).not.toHaveBeenCalled();
    await expect(service.waitForInitialization()).resolves.toBe(true);
  });

  it('lets other calls wait for initialisation, checking every 100 ms', async () => {
    let answer!: (value: TrackUserResponse) => void;
    const { service } = setup({ trackUser: () => new Promise((resolve) => (answer = resolve)) });
    void service.initialize();
    let done: boolean | undefined;
    void service.waitForInitialization().then((value) => (done = value));

    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBeUndefined();

    answer(tracked(SERVER_ID));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('stops waiting after 5000 ms and lets the call proceed', async () => {
    const { service } = setup({ trackUser: () => new Promise(() => undefined) });
    void service.initialize();
    let done: boolean | undefined;
    void service.waitUntilReady().then((value) => (done = value));

    await vi.advanceTimersByTimeAsync(4900);
    expect(done).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(false);
    expect(service.state).toBe('uninitialised');
  });

  it('provides the device headers, adding fingerprint and anon_id once known', async () => {
    const { service } = setup();
    expect(service.headers()).toEqual({ 'X-Screen-Resolution': '1920x1080', 'X-Timezone': 'America/Chicago' });

    await service.initialize();

    expect(service.headers()).toEqual({
      'X-Screen-Resolution': '1920x1080',
      'X-Timezone': 'America/Chicago',
      'X-Device-Fingerprint': FINGERPRINT,
      'X-Anonymous-ID': SERVER_ID,
    });
  });

  it('without consent asks track-user for the visitor id only: no fingerprint computed, no device property, no referrer', async () => {
    for (const consent of [null, false]) {
      const fingerprint = vi.fn(() => FINGERPRINT);
      const { service, trackUser } = setup({ fingerprint }, consent);

      await service.initialize();

      expect(fingerprint).not.toHaveBeenCalled();
      expect(trackUser).toHaveBeenCalledWith({ gdpr_consent: consent });
      expect(service.anonId).toBe(SERVER_ID);
      // The visitor id still travels (calls need it); the device headers do not.
      expect(service.headers()).toEqual({ 'X-Anonymous-ID': SERVER_ID });
    }
  });

  it('computes the fingerprint once consent is given, and the device headers start then', async () => {
    const fingerprint = vi.fn(() => FINGERPRINT);
    const { service, storage, trackUser } = setup({ fingerprint }, null);
    await service.initialize();

    storage.setItem(GDPR_CONSENT_STORAGE_KEY, 'true');
    await service.consentGranted();
    await service.consentGranted();

    expect(fingerprint).toHaveBeenCalledTimes(1);
    expect(trackUser).toHaveBeenCalledTimes(1);
    expect(service.headers()).toEqual({
      'X-Screen-Resolution': '1920x1080',
      'X-Timezone': 'America/Chicago',
      'X-Device-Fingerprint': FINGERPRINT,
      'X-Anonymous-ID': SERVER_ID,
    });
  });

  it('stores GDPR consent as true or false', () => {
    const { service, storage } = setup();
    service.setGdprConsent(false);
    expect(storage.getItem(GDPR_CONSENT_STORAGE_KEY)).toBe('false');
    expect(service.gdprConsent).toBe(false);
  });
});
