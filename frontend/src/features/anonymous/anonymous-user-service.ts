import type { DeviceContext } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import type { TrackUserPayload, TrackUserResponse } from '../../api/analytics-api';
import type { KeyValueStorage } from './browser-storage';
import type { DeviceInfo } from './device-info';
import { setLinkableAnonIds } from './linkable-anon-ids';

export const ANON_ID_STORAGE_KEY = 'anon_id';
export const GDPR_CONSENT_STORAGE_KEY = 'gdpr_consent';
export const INIT_WAIT_TIMEOUT_MS = 5000;
export const INIT_WAIT_INTERVAL_MS = 100;

export type AnonymousServiceState = 'uninitialised' | 'initialised';

export interface AnonymousUserServiceDeps {
  trackUser(payload: TrackUserPayload): Promise<TrackUserResponse>;
  /** Resolves the visitor's fingerprint; the browser default falls back to a property hash itself. */
  fingerprint(): Promise<string> | string;
  deviceInfo(): DeviceInfo;
  storage: KeyValueStorage;
  referrer(): string;
  logger?: Pick<Console, 'warn' | 'error'>;
}

/**
 * The anonymous visitor (spec sections 4 and 9): obtains a fingerprint, tells the server about the
 * visit and keeps the anon_id the server answers. Other API calls wait for it, within limits.
 */
export class AnonymousUserService implements DeviceContext {
  private stateValue: AnonymousServiceState = 'uninitialised';
  private initialisation: Promise<void> | null = null;
  private fingerprintValue: string | null = null;
  private anonIdInMemory: string | null = null;
  private deviceInfoValue: DeviceInfo | null = null;
  private readonly logger: Pick<Console, 'warn' | 'error'>;

  constructor(private readonly deps: AnonymousUserServiceDeps) {
    this.logger = deps.logger ?? console;
  }

  get state(): AnonymousServiceState {
    return this.stateValue;
  }

  get fingerprint(): string | null {
    return this.fingerprintValue;
  }

  get anonId(): string | null {
    return this.read(ANON_ID_STORAGE_KEY) ?? this.anonIdInMemory;
  }

  /** The stored GDPR consent: true, false, or null when the visitor has not answered. */
  get gdprConsent(): boolean | null {
    const stored = this.read(GDPR_CONSENT_STORAGE_KEY);
    return stored === 'true' ? true : stored === 'false' ? false : null;
  }

  setGdprConsent(consent: boolean): void {
    this.write(GDPR_CONSENT_STORAGE_KEY, String(consent));
  }

  /** Consent came after the visit was tracked: the fingerprint the device headers carry is computed now. */
  async consentGranted(): Promise<void> {
    if (this.fingerprintValue || this.gdprConsent !== true) return;
    try {
      this.fingerprintValue = await this.deps.fingerprint();
    } catch (error) {
      this.logger.error('Fingerprint could not be computed', error);
    }
  }

  /** Runs once; later calls share the first run. */
  initialize(): Promise<void> {
    this.initialisation ??= this.run();
    return this.initialisation;
  }

  /**
   * Resolves true once initialised, checking every 100 ms; after 5000 ms resolves false so the
   * caller proceeds anyway.
   */
  async waitForInitialization(timeoutMs = INIT_WAIT_TIMEOUT_MS, intervalMs = INIT_WAIT_INTERVAL_MS): Promise<boolean> {
    let waited = 0;
    while (this.stateValue !== 'initialised') {
      if (waited >= timeoutMs) return false;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
      waited += intervalMs;
    }
    return true;
  }

  waitUntilReady(): Promise<boolean> {
    return this.waitForInitialization();
  }

  /** Device headers for every API request; the device's own properties only with the visitor's consent. */
  headers(): Record<string, string> {
    const info = this.gdprConsent === true ? this.safeDeviceInfo() : null;
    const headers: Record<string, string> = {};
    if (info) {
      headers['X-Screen-Resolution'] = info.screenResolution;
      headers['X-Timezone'] = info.timezone;
    }
    if (this.fingerprintValue && this.gdprConsent === true) headers['X-Device-Fingerprint'] = this.fingerprintValue;
    const anonId = this.anonId;
    if (anonId) headers['X-Anonymous-ID'] = anonId;
    return headers;
  }

  private async run(): Promise<void> {
    try {
      if (this.gdprConsent === true) this.fingerprintValue = await this.deps.fingerprint();
      await this.track(this.fingerprintValue);
    } catch (error) {
      this.logger.error('Anonymous visitor initialisation failed', error);
    } finally {
      this.stateValue = 'initialised';
    }
  }

  private async track(fingerprint: string | null): Promise<void> {
    // Without consent only the visitor id is asked for (calls need it): no device property leaves the browser.
    const payload: TrackUserPayload = fingerprint ? this.consentedVisit(fingerprint) : { gdpr_consent: this.gdprConsent };
    const stored = this.anonId;
    if (stored) payload.anon_id = stored;
    try {
      const answer = await this.deps.trackUser(payload);
      if (typeof answer?.anon_id === 'string' && answer.anon_id && answer.anon_id !== stored) {
        this.anonIdInMemory = answer.anon_id;
        this.write(ANON_ID_STORAGE_KEY, answer.anon_id);
      }
      if (Array.isArray(answer?.linkable_anon_ids)) setLinkableAnonIds(this.deps.storage, answer.linkable_anon_ids);
    } catch (error) {
      // Tracking is not critical: the visitor keeps using the product without an id.
      const status = error instanceof ApiError ? error.status : 'network error';
      this.logger.warn(`Anonymous visitor tracking failed (status ${status})`);
    }
  }

  private consentedVisit(fingerprint: string): TrackUserPayload {
    const info = this.deps.deviceInfo();
    this.deviceInfoValue = info;
    const referrer = this.deps.referrer();
    return {
      fingerprint,
      screen_resolution: info.screenResolution,
      timezone: info.timezone,
      language: info.language,
      referrer: referrer || null,
      gdpr_consent: this.gdprConsent,
    };
  }

  private safeDeviceInfo(): DeviceInfo | null {
    if (this.deviceInfoValue) return this.deviceInfoValue;
    try {
      this.deviceInfoValue = this.deps.deviceInfo();
    } catch {
      return null;
    }
    return this.deviceInfoValue;
  }

  private read(key: string): string | null {
    try {
      return this.deps.storage.getItem(key);
    } catch {
      return null;
    }
  }

  private write(key: string, value: string): void {
    try {
      this.deps.storage.setItem(key, value);
    } catch {
      // Private browsing modes may refuse storage; the anon_id then lives in memory for this page.
    }
  }
}
