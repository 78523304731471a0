import type { PlaceSearchResult } from '../../api/discoveries-api';

export const PHONE_NOT_AVAILABLE = 'Not available';

/** A business search result as the screens show it (spec section 3). */
export interface BusinessResult {
  id: string;
  discoveryId: string | null;
  name: string;
  address: string;
  /** National format for display; 'Not available' when the directory has none. */
  phone: string;
  /** The number to dial, or null when there is none. */
  dialNumber: string | null;
  website: string | null;
  rating: number | null;
  ratingCount: number | null;
  /** One line per weekday, e.g. 'Monday: 9:00 AM – 5:00 PM'; null when unknown. */
  hours: string[] | null;
  timeZone: string | null;
  businessStatus: string | null;
  businessTypes: string[];
}

const text = (value: string | null | undefined): string | null => (value && value.trim() ? value.trim() : null);

export function toBusinessResult(result: PlaceSearchResult, discoveryId: string | null): BusinessResult {
  const hours = result.hours?.weekday_text ?? [];
  const national = text(result.phone_number);
  return {
    id: result.id,
    discoveryId: text(result.discovery_id) ?? discoveryId,
    name: result.name,
    address: result.address,
    phone: national ?? text(result.international_phone_number) ?? PHONE_NOT_AVAILABLE,
    dialNumber: text(result.international_phone_number) ?? national,
    website: text(result.website),
    rating: typeof result.rating === 'number' && Number.isFinite(result.rating) ? result.rating : null,
    ratingCount: typeof result.rating_count === 'number' ? result.rating_count : null,
    hours: hours && hours.length > 0 ? hours : null,
    timeZone: text(result.time_zone),
    businessStatus: text(result.business_status),
    businessTypes: result.business_types ?? [],
  };
}
