import type { AnalyticsEventTrackedData } from '../analytics/events';

/** Longest source label kept: utm_source and referrers are whatever a browser sent. */
const MAX_SOURCE_LENGTH = 100;

/** Where a visitor came from, once the facts of its first visit are known. */
export interface SourceFacts {
  /** utm_source of the visitor's first page view. */
  campaignSource: string | null;
  /** Host of the referrer of the visitor's first visit made with analytics consent. */
  referrerHost: string | null;
  /** Whether any visit was made with consent, so its referrer (or its absence) is known. */
  sourceDisclosed: boolean;
}

/**
 * utm_source of the first page view, else the referrer's host, else "direct". Without consent no referrer
 * is stored, so the referrer counted is that of the first visit made with consent (most visitors answer
 * the consent banner on the page they landed on); a visitor that never consented is "undisclosed" rather
 * than guessed direct.
 */
export function sourceOf(facts: SourceFacts): string {
  if (facts.campaignSource) return facts.campaignSource;
  if (facts.referrerHost) return facts.referrerHost;
  return facts.sourceDisclosed ? 'direct' : 'undisclosed';
}

function label(value: string): string | null {
  const trimmed = value.trim().toLowerCase().slice(0, MAX_SOURCE_LENGTH);
  return trimmed === '' ? null : trimmed;
}

/** The host a referrer URL names, lower-cased and without a leading "www."; null for anything but an http(s) URL. */
export function referrerHostOf(referrer: string | null): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return label(url.hostname.replace(/^www\./i, ''));
}

const PAGE_TYPES = new Set(['page', 'page_view', 'pageview']);

/** Whether a tracked analytics event is a page view: a `page` message of the analytics batch, or a page-view event of track-event. */
export function isPageView(data: AnalyticsEventTrackedData): boolean {
  return data.messageType === 'page' || (data.messageType === undefined && PAGE_TYPES.has(data.eventType));
}

/**
 * The utm_source a page view carries: its campaign (`source`, as the browser names utm_source, or
 * `utm_source`), else the `utm_source` query parameter of its URL.
 */
export function campaignSourceOf(data: AnalyticsEventTrackedData): string | null {
  for (const value of [data.campaign?.source, data.campaign?.utm_source]) {
    const source = typeof value === 'string' ? label(value) : null;
    if (source) return source;
  }
  const url = data.page?.url ?? data.url;
  if (!url) return null;
  try {
    const value = new URL(url, 'http://page.invalid').searchParams.get('utm_source');
    return value ? label(value) : null;
  } catch {
    return null;
  }
}
