import type { SearchFormValues } from './search-form-validation';

/** Business name and location both 'demo' (any case) switch the home search to test mode (spec section 2). */
export function isDemoSearch(values: SearchFormValues): boolean {
  return values.businessName.trim().toLowerCase() === 'demo' && values.location.trim().toLowerCase() === 'demo';
}
