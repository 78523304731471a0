/** What the product learns about the visitor's device (spec section 3, "Device info"). */
export interface DeviceInfo {
  userAgent: string;
  language: string;
  platform: string;
  screenResolution: string;
  colorDepth: number;
  timezone: string;
  timezoneOffset: number;
  touchSupport: boolean;
  cookieEnabled: boolean;
  doNotTrack: boolean;
}

export interface BrowserEnvironment {
  navigator: Navigator;
  screen: Pick<Screen, 'width' | 'height' | 'colorDepth'>;
  window?: object;
}

const browser = (): BrowserEnvironment => ({ navigator: window.navigator, screen: window.screen, window });

export function screenResolutionOf(screen: Pick<Screen, 'width' | 'height'>): string {
  return `${Math.round(screen.width)}x${Math.round(screen.height)}`;
}

export function timezoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function platformOf(navigator: Navigator): string {
  const hinted = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform;
  return hinted || navigator.platform || 'unknown';
}

function doNotTrackOf(environment: BrowserEnvironment): boolean {
  const legacy = environment.window as { doNotTrack?: string } | undefined;
  const value = environment.navigator.doNotTrack ?? legacy?.doNotTrack ?? null;
  return value === '1' || value === 'yes';
}

export function collectDeviceInfo(environment: BrowserEnvironment = browser()): DeviceInfo {
  const { navigator, screen } = environment;
  return {
    userAgent: navigator.userAgent,
    language: navigator.language || 'en-US',
    platform: platformOf(navigator),
    screenResolution: screenResolutionOf(screen),
    colorDepth: screen.colorDepth,
    timezone: timezoneName(),
    timezoneOffset: new Date().getTimezoneOffset(),
    touchSupport: navigator.maxTouchPoints > 0 || (environment.window !== undefined && 'ontouchstart' in environment.window),
    cookieEnabled: navigator.cookieEnabled,
    doNotTrack: doNotTrackOf(environment),
  };
}
