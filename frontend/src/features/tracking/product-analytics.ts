import type { AnalyticsMessage } from '@ringcheck/projections/contract';
import type { AnalyticsClient } from './analytics-client';
import { pageNameFor } from './page-name';
import { EVENT_DEFAULTS, type ProductEventName, type ProductEvents } from './product-events';
import { sanitizeProperties } from './sanitize-properties';

/** Where consent comes from: analytics runs only while it is granted. */
export interface ConsentSource {
  granted(): boolean;
  subscribe(listener: (choice: boolean | null) => void): () => void;
}

/** The page a `page` message describes. */
export interface PageLocation {
  /** Path without query or hash, e.g. `/calls`. */
  path: string;
  /** The query string with its `?`, or empty. */
  search: string;
  url: string;
  referrer?: string;
  title?: string;
}

/** The user traits of spec section 7. */
export type UserTraits = Record<string, string | number | boolean | null>;

export interface ProductAnalyticsDeps {
  client: Pick<AnalyticsClient, 'enqueue' | 'clear'>;
  consent: ConsentSource;
  /** UTM parameters of the page the visit landed on (`context.campaign`). */
  campaign: Record<string, string>;
  now?: () => number;
  newMessageId?: () => string;
}

/**
 * What the app tracks, as Segment-shaped messages into the batching client (spec section 7). Without the
 * visitor's consent nothing is queued at all; withdrawing it discards what had not left yet, and granting it
 * later tracks from then on (nothing is replayed). Phone numbers are masked and error messages truncated
 * before a message is queued.
 */
export class ProductAnalytics {
  private readonly now: () => number;
  private readonly newMessageId: () => string;
  /** The page being viewed, so a consent given on it starts tracking with that page (and its campaign). */
  private currentPage: PageLocation | null = null;

  constructor(private readonly deps: ProductAnalyticsDeps) {
    this.now = deps.now ?? Date.now;
    this.newMessageId = deps.newMessageId ?? (() => crypto.randomUUID());
    let granted = deps.consent.granted();
    deps.consent.subscribe((choice) => {
      if (choice !== true) deps.client.clear();
      else if (!granted && this.currentPage) this.page(this.currentPage);
      granted = choice === true;
    });
  }

  get enabled(): boolean {
    return this.deps.consent.granted();
  }

  track<K extends ProductEventName>(name: K, properties: ProductEvents[K]): void {
    this.send({ type: 'track', event: name, properties: { ...EVENT_DEFAULTS[name], ...properties } });
  }

  page(location: PageLocation): void {
    this.currentPage = location;
    const name = pageNameFor(location.path);
    const page = { path: location.path, url: location.url, referrer: location.referrer, title: location.title };
    const campaign = Object.keys(this.deps.campaign).length > 0 ? { campaign: { ...this.deps.campaign } } : {};
    this.send({
      type: 'page',
      name,
      properties: { ...page, search: location.search, page_name: name },
      context: { page, ...campaign },
    });
  }

  identify(traits: UserTraits): void {
    this.send({ type: 'identify', traits });
  }

  private send(message: Omit<AnalyticsMessage, 'messageId' | 'timestamp'>): void {
    if (!this.deps.consent.granted()) return;
    try {
      this.deps.client.enqueue({
        ...message,
        messageId: this.newMessageId(),
        timestamp: new Date(this.now()).toISOString(),
        ...(message.properties ? { properties: sanitizeProperties(message.properties) } : {}),
        ...(message.traits ? { traits: sanitizeProperties(message.traits) } : {}),
        ...(message.context ? { context: sanitizeProperties(message.context) } : {}),
      });
    } catch (error) {
      // Tracking never breaks the page it tracks (spec section 8).
      console.warn('Analytics message could not be queued', error instanceof Error ? error.message : error);
    }
  }
}
