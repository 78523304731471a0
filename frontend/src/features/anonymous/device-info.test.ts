import { describe, expect, it } from 'vitest';
import { collectDeviceInfo } from './device-info';

describe('collectDeviceInfo', () => {
  it('collects every device property the spec names', () => {
    const navigator = {
      userAgent: 'TestAgent/1.0',
      language: 'de-DE',
      platform: 'Win32',
      maxTouchPoints: 5,
      cookieEnabled: true,
      doNotTrack: '1',
    } as unknown as Navigator;

    const info = collectDeviceInfo({ navigator, screen: { width: 390, height: 844, colorDepth: 24 } });

    expect(info).toMatchObject({
      userAgent: 'TestAgent/1.0',
      language: 'de-DE',
      platform: 'Win32',
      screenResolution: '390x844',
      colorDepth: 24,
      touchSupport: true,
      cookieEnabled: true,
      doNotTrack: true,
    });
    expect(typeof info.timezone).toBe('string');
    expect(info.timezone.length).toBeGreaterThan(0);
    expect(Number.isInteger(info.timezoneOffset)).toBe(true);
  });
});
