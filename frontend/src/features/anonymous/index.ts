import { analyticsApi, apiClient } from '../../api';
import { AnonymousUserService } from './anonymous-user-service';
import { browserStorage } from './browser-storage';
import { collectDeviceInfo } from './device-info';

export { AnonymousUserService, ANON_ID_STORAGE_KEY, GDPR_CONSENT_STORAGE_KEY } from './anonymous-user-service';
export type { AnonymousServiceState, AnonymousUserServiceDeps } from './anonymous-user-service';
export { collectDeviceInfo, type DeviceInfo } from './device-info';

/** The browser's anonymous-visitor service, plugged into the API client as its device context. */
export const anonymousUserService = new AnonymousUserService({
  trackUser: analyticsApi.trackUser,
  // Computed only once the visitor has consented (the service asks for it then), and its code loaded then.
  fingerprint: () => import('./browser-fingerprint').then((module) => module.browserFingerprint()),
  deviceInfo: () => collectDeviceInfo(),
  storage: browserStorage(),
  referrer: () => document.referrer,
});

apiClient.setDevice(anonymousUserService);
