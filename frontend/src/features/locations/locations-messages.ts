/** Texts of My Locations, verbatim from spec sections 2 and 8. */
export const LOCATIONS_MESSAGES = {
  title: 'My Locations',
  subtitle: "Businesses you've called and analyzed",
  loadFailed: 'Error loading locations. Please try again later.',
  empty: 'No locations yet',
  emptyHint: 'Start by exploring new businesses and making calls',
  explore: 'Explore Businesses',
  favoriteUpdated: 'Favorite status updated',
  favoriteFailed: 'Failed to update favorite status',
} as const;

/** Placeholder cards while the locations load (spec section 9). */
export const LOCATION_PLACEHOLDER_CARDS = 6;
