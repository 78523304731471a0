import type { DirectoryPlace } from '../../ports/business-directory';
import type { DirectoryBusiness, DirectoryCategory, DirectoryCity, DirectorySchedule } from './directory-data-set';

/** '(212) 555-0142' -> '+12125550142'. */
export function toE164(nationalNumber: string): string {
  return `+1${nationalNumber.replace(/\D/g, '')}`;
}

/** A bundled business as the port describes places; arrays are copies, so callers may keep them. */
export function toDirectoryPlace(
  business: DirectoryBusiness,
  city: DirectoryCity,
  category: DirectoryCategory,
  schedule: DirectorySchedule | null,
  utcOffsetMinutes: number,
): DirectoryPlace {
  return {
    placeId: business.id,
    name: business.name,
    address: business.address,
    phoneNumber: business.phone,
    internationalPhoneNumber: toE164(business.phone),
    website: business.website,
    rating: business.rating,
    ratingCount: business.ratingCount,
    businessTypes: [...category.types],
    businessStatus: business.status,
    weekdayText: schedule ? [...schedule.weekdayText] : [],
    openingPeriods: schedule
      ? schedule.openingPeriods.map((period) => ({ open: { ...period.open }, ...(period.close ? { close: { ...period.close } } : {}) }))
      : [],
    timeZone: city.timeZone,
    utcOffsetMinutes,
  };
}
