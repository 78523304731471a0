import type { DirectoryPlace } from '../../ports/business-directory';
import type { PlacesPlace } from './places-api';

/** '+12125550142' -> '+1 212-555-0142', the way Google writes US numbers. */
function googleInternational(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) return `+1 ${digits.slice(1, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`;
  return `+${digits}`;
}

/** Google's typography: thin spaces around the dash and a narrow no-break space before AM/PM. */
function googleWeekdayText(line: string): string {
  return line.replace(/ – /g, '\u2009–\u2009').replace(/ (AM|PM)/g, '\u202f$1');
}

/** A place as Places API (New) would send it; fields Google has no value for are left out, as Google does. */
export function toPlacesPlace(place: DirectoryPlace): PlacesPlace {
  const result: PlacesPlace = {
    id: place.placeId,
    displayName: { text: place.name, languageCode: 'en' },
    formattedAddress: `${place.address}, USA`,
    types: [...place.businessTypes],
  };
  if (place.phoneNumber) result.nationalPhoneNumber = place.phoneNumber;
  if (place.internationalPhoneNumber) result.internationalPhoneNumber = googleInternational(place.internationalPhoneNumber);
  if (place.website) result.websiteUri = place.website;
  if (place.rating !== null) result.rating = place.rating;
  if (place.ratingCount !== null) result.userRatingCount = place.ratingCount;
  if (place.businessStatus) result.businessStatus = place.businessStatus;
  if (place.weekdayText.length > 0) {
    result.regularOpeningHours = {
      periods: place.openingPeriods.map((period) => ({ open: { ...period.open }, ...(period.close ? { close: { ...period.close } } : {}) })),
      weekdayDescriptions: place.weekdayText.map(googleWeekdayText),
    };
  }
  if (place.utcOffsetMinutes !== null) result.utcOffsetMinutes = place.utcOffsetMinutes;
  return result;
}
