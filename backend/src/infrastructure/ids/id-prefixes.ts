/** Identifier prefixes from the product's data model; an analysis shares its call's prefix. */
export const ID_PREFIXES = {
  user: 'user_',
  call: 'call_',
  analysis: 'call_',
  discovery: 'disc_',
  placeSearchResult: 'plsr_',
  anonymous: 'anon_',
  featureFlag: 'flag_',
  telephony: 'tel_',
  rateLimit: 'rate_',
  location: 'loc_',
  businessProfile: 'bizp_',
} as const;

export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

export const ALL_ID_PREFIXES: readonly IdPrefix[] = [...new Set(Object.values(ID_PREFIXES))];
