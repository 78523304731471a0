import { analyticsApi, apiClient } from '../../api';
import { AnonymousUserService } from './anonymous-user-service';
import { browserStorage } from './browser-storage';
import { collectDeviceInfo } from './device-info';
import { obtainFingerprint } from './fingerprint';

export { AnonymousUserService, ANON_ID_STORAGE_KEY, GDPR_CONSENT_STORAGE_KEY } from './anonymous-user-service';
export type { AnonymousServiceState, AnonymousUserServiceDeps } from './anonymous-user-service';
export { collectDeviceInfo, type DeviceInfo } from './device-info';

/** The browser's anonymous-visitor service, plugged into the API client as its device context. */
export const anonymousUserService = new AnonymousUserService({
  trackUser: analyticsApi.trackUser,
  fingerprint: () =>
    obtainFingerprint({
      createCanvas: () => document.createElement('canvas'),
      navigator: window.navigator,
      deviceInfo: collectDeviceInfo(),
    }),
  deviceInfo: () => collectDeviceInfo(),
  storage: browserStorage(),
  referrer: () => document.referrer,
});

apiClient.setDevice(anonymousUserService);
