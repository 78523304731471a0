import type { Location } from '../../api/locations-api';
import { type CallTarget, toE164 } from '../calls/start';

export const timesLabel = (count: number): string => `${count} ${count === 1 ? 'time' : 'times'}`;

/** The interaction badge, e.g. 'called · 2 times'. */
export const interactionLabel = (location: Pick<Location, 'interaction_type' | 'interaction_count'>): string =>
  `${location.interaction_type} · ${timesLabel(location.interaction_count)}`;

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** A date as 'MMM d' (e.g. 'Nov 25') in the visitor's time zone; empty when missing or invalid. */
export function formatMonthDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : monthDay.format(date);
}

/** 'Last: Nov 25'. */
export const lastInteractionLabel = (location: Pick<Location, 'last_interacted_at'>): string =>
  `Last: ${formatMonthDay(location.last_interacted_at)}`;

/** A website the card may link to: only http and https addresses (directory data is not trusted with others). */
export function websiteOf(url: string | null): { href: string; label: string } | null {
  if (!url?.trim()) return null;
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return { href: parsed.href, label: parsed.hostname.replace(/^www\./, '') };
  } catch {
    return null;
  }
}

/**
 * How 'Call again' reaches the business: the secret-shopper call for a business found by a search,
 * else the test call to its number; null when there is neither.
 */
export function locationCallTarget(location: Location): CallTarget | null {
  const place = location.place_search_result;
  if (place.discovery_id && place.id) return { businessId: place.id, discoveryId: place.discovery_id, phoneNumber: place.phone_number };
  if (!toE164(place.phone_number)) return null;
  return { businessId: place.id ?? location.id, discoveryId: null, phoneNumber: place.phone_number };
}
