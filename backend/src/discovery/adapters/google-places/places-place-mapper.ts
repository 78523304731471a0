import type { DirectoryPlace, OpeningPeriod } from '../../ports/business-directory';
import type { PlacesPlace, PlacesPoint } from './places-api';

const BUSINESS_STATUSES = new Set(['OPERATIONAL', 'CLOSED_TEMPORARILY', 'CLOSED_PERMANENTLY']);
/** Google puts thin and narrow no-break spaces around '–' and before AM/PM. */
const UNUSUAL_SPACES = /[\u00a0\u2009\u202f]/g;

/** '+1 212-555-0142' -> '+12125550142'. */
export function toE164(internationalNumber: string | undefined): string | null {
  if (!internationalNumber) return null;
  const digits = internationalNumber.replace(/\D/g, '');
  return digits === '' ? null : `+${digits}`;
}

/** A Places API place as the port describes it; null for a place without an id or a name. */
export function fromPlacesPlace(place: PlacesPlace): DirectoryPlace | null {
  const name = place.displayName?.text?.trim();
  if (!place.id || !name) return null;
  const hours = place.regularOpeningHours;
  return {
    placeId: place.id,
    name,
    address: place.formattedAddress ?? '',
    phoneNumber: place.nationalPhoneNumber ?? null,
    internationalPhoneNumber: toE164(place.internationalPhoneNumber),
    website: place.websiteUri ?? null,
    rating: typeof place.rating === 'number' ? place.rating : null,
    ratingCount: typeof place.userRatingCount === 'number' ? place.userRatingCount : null,
    businessTypes: [...(place.types ?? [])],
    businessStatus: place.businessStatus && BUSINESS_STATUSES.has(place.businessStatus) ? place.businessStatus : null,
    weekdayText: (hours?.weekdayDescriptions ?? []).map((line) => line.replace(UNUSUAL_SPACES, ' ')),
    openingPeriods: (hours?.periods ?? []).flatMap((period) => (period.open ? [toPeriod(period.open, period.close)] : [])),
    timeZone: null,
    utcOffsetMinutes: typeof place.utcOffsetMinutes === 'number' ? place.utcOffsetMinutes : null,
  };
}

function toPeriod(open: PlacesPoint, close: PlacesPoint | undefined): OpeningPeriod {
  return close ? { open: toPoint(open), close: toPoint(close) } : { open: toPoint(open) };
}

/** Zero values may be left out of Google's JSON. */
function toPoint(point: PlacesPoint): { day: number; hour: number; minute: number } {
  return { day: point.day ?? 0, hour: point.hour ?? 0, minute: point.minute ?? 0 };
}
