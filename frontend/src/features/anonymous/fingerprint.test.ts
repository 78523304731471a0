import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from './device-info';
import { canvasFingerprint, fallbackFingerprint, obtainFingerprint } from './fingerprint';
import { hash128 } from './hash-128';

const info: DeviceInfo = {
  userAgent: 'Mozilla/5.0',
  language: 'en-GB',
  platform: 'MacIntel',
  screenResolution: '1440x900',
  colorDepth: 30,
  timezone: 'Europe/London',
  timezoneOffset: 0,
  touchSupport: false,
  cookieEnabled: true,
  doNotTrack: true,
};

/** A canvas whose pixels are a fixed string, standing in for what a real GPU would render. */
function fakeCanvas(pixels: string): () => HTMLCanvasElement {
  return () => {
    const canvas = document.createElement('canvas');
    const context = new Proxy({}, { get: () => () => undefined, set: () => true }) as CanvasRenderingContext2D;
    canvas.getContext = (() => context) as unknown as HTMLCanvasElement['getContext'];
    canvas.toDataURL = () => pixels;
    return canvas;
  };
}

const brokenCanvas = () => {
  const canvas = document.createElement('canvas');
  canvas.getContext = (() => null) as HTMLCanvasElement['getContext'];
  return canvas;
};

describe('hash128', () => {
  it('is 32 hex characters, stable, and sensitive to its input', () => {
    expect(hash128('abc')).toMatch(/^[0-9a-f]{32}$/);
    expect(hash128('abc')).toBe(hash128('abc'));
    expect(hash128('abc')).not.toBe(hash128('abd'));
    expect(hash128('')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('fingerprints', () => {
  it('hashes the canvas rendering together with device features', () => {
    const a = canvasFingerprint({ createCanvas: fakeCanvas('data:image/png;base64,AAA'), navigator, deviceInfo: info });
    const b = canvasFingerprint({ createCanvas: fakeCanvas('data:image/png;base64,BBB'), navigator, deviceInfo: info });
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });

  it('falls back to a 32-character hash of browser properties when the canvas fails', () => {
    const fingerprint = obtainFingerprint({ createCanvas: brokenCanvas, navigator, deviceInfo: info });
    expect(fingerprint).toBe(fallbackFingerprint(info));
    expect(fingerprint).toHaveLength(32);
    expect(fallbackFingerprint({ ...info, timezone: 'Asia/Tokyo' })).not.toBe(fingerprint);
  });
});
