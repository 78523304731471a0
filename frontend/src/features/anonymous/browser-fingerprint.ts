import { productAnalytics } from '../tracking';
import { monitoredFingerprint } from '../tracking/fingerprint-monitoring';
import { collectDeviceInfo } from './device-info';
import { computeFingerprint } from './fingerprint';

/** This browser's fingerprint, its computation monitored at 0.1 %. */
export function browserFingerprint(): string {
  return monitoredFingerprint(
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
  );
}
