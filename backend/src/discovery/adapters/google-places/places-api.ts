/** The parts of Places API (New) Text Search this adapter uses. */

/** Every field the adapter maps, and nothing else: the field mask decides what Google bills for. */
export const PLACES_FIELDS = [
  'places.id',
  'places.displayName',
  'places.formattedAddress',
  'places.nationalPhoneNumber',
  'places.internationalPhoneNumber',
  'places.websiteUri',
  'places.rating',
  'places.userRatingCount',
  'places.types',
  'places.businessStatus',
  'places.regularOpeningHours',
  'places.utcOffsetMinutes',
] as const;

export const PLACES_FIELD_MASK = PLACES_FIELDS.join(',');
export const SEARCH_TEXT_PATH = '/v1/places:searchText';
/** Text Search answers at most 20 places per page. */
export const MAX_PAGE_SIZE = 20;

export interface SearchTextRequest {
  textQuery: string;
  pageSize: number;
}

export interface PlacesPoint {
  day?: number;
  hour?: number;
  minute?: number;
}

export interface PlacesOpeningHours {
  openNow?: boolean;
  periods?: { open?: PlacesPoint; close?: PlacesPoint }[];
  weekdayDescriptions?: string[];
}

export interface PlacesPlace {
  id?: string;
  displayName?: { text?: string; languageCode?: string };
  formattedAddress?: string;
  nationalPhoneNumber?: string;
  internationalPhoneNumber?: string;
  websiteUri?: string;
  rating?: number;
  userRatingCount?: number;
  types?: string[];
  businessStatus?: string;
  regularOpeningHours?: PlacesOpeningHours;
  utcOffsetMinutes?: number;
}

/** An empty result is `{}`. */
export interface SearchTextResponse {
  places?: PlacesPlace[];
  nextPageToken?: string;
}

/** Google's error envelope (google.rpc.Status). */
export interface PlacesErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: { '@type'?: string; reason?: string }[];
  };
}
