import type { Location, LocationFilters } from '../../api/locations-api';
import type { RealtimeMessage } from '../../realtime/realtime-message';
import { matchesFilters } from './location-filter';

/** A realtime document that is the location `id` as the REST API shows it, or null. */
export function asLocation(document: unknown, id: string): Location | null {
  if (typeof document !== 'object' || document === null) return null;
  const location = document as Partial<Location>;
  const place = location.place_search_result;
  if (location.id !== id || typeof location.interaction_type !== 'string' || typeof place !== 'object' || place === null) return null;
  return location as Location;
}

/** ISO instants compare as text; equal ones keep their order (the sort is stable). */
const newestFirst = (a: Location, b: Location) =>
  a.last_interacted_at === b.last_interacted_at ? 0 : a.last_interacted_at < b.last_interacted_at ? 1 : -1;

/**
 * The list after a push on the user's room: a changed location replaces its old self (or joins the list,
 * newest interaction first) when it still matches the filters, and leaves it when not or when deleted.
 * Null when the push is not about a location.
 */
export function foldLocationPush(list: Location[], message: RealtimeMessage, filters: LocationFilters): Location[] | null {
  if (message.projection !== 'locations' || !message.documentId) return null;
  const others = list.filter((location) => location.id !== message.documentId);
  if (message.document === null) return others.length === list.length ? null : others;
  const location = asLocation(message.document, message.documentId);
  if (!location) return null;
  if (!matchesFilters(location, filters)) return others.length === list.length ? null : others;
  return [...others, location].sort(newestFirst);
}
