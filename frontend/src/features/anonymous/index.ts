import { analyticsApi, apiClient } from '../../api';
import { productAnalytics } from '../tracking';
import { monitoredFingerprint } from '../tracking/fingerprint-monitoring';
import { AnonymousUserService } from './anonymous-user-service';
import { browserStorage } from './browser-storage';
import { collectDeviceInfo } from './device-info';
import { computeFingerprint } from './fingerprint';

export { AnonymousUserService, ANON_ID_STORAGE_KEY, GDPR_CONSENT_STORAGE_KEY } from './anonymous-user-service';
export type { AnonymousServiceState, AnonymousUserServiceDeps } from './anonymous-user-service';
export { collectDeviceInfo, type DeviceInfo } from './device-info';

/** The browser's anonymous-visitor service, plugged into the API client as its device context. */
export const anonymousUserService = new AnonymousUserService({
  trackUser: analyticsApi.trackUser,
  // Computed only once the visitor has consented (the service asks for it then), and monitored at 0.1 %.
  fingerprint: () =>
    monitoredFingerprint(
      () =>
        computeFingerprint({
          createCanvas: () => document.createElement('canvas'),
          navigator: window.navigator,
          deviceInfo: collectDeviceInfo(),
        }),
      {
        now: () => performance.now(),
        random: Math.random,
        report: (properties) => productAnalytics.track('Fingerprint Computed', properties),
      },
    ),
  deviceInfo: () => collectDeviceInfo(),
  storage: browserStorage(),
  referrer: () => document.referrer,
});

apiClient.setDevice(anonymousUserService);
