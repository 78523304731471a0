export interface SearchFormValues {
  businessName: string;
  location: string;
}

export type SearchFormErrors = Partial<Record<keyof SearchFormValues, string>>;

export const BUSINESS_NAME_REQUIRED = 'Business name is required';
export const LOCATION_REQUIRED = 'Required';
export const LOCATION_TOO_SHORT = 'At least 2 characters required';

/** Spec section 5: both fields required; the location needs at least 2 characters after trimming. */
export function validateSearchForm(values: SearchFormValues): SearchFormErrors {
  const errors: SearchFormErrors = {};
  if (!values.businessName.trim()) errors.businessName = BUSINESS_NAME_REQUIRED;
  const location = values.location.trim();
  if (!location) errors.location = LOCATION_REQUIRED;
  else if (location.length < 2) errors.location = LOCATION_TOO_SHORT;
  return errors;
}

export const hasErrors = (errors: SearchFormErrors): boolean => Object.keys(errors).length > 0;

/** The values as they are sent: trimmed. */
export function trimSearchForm(values: SearchFormValues): SearchFormValues {
  return { businessName: values.businessName.trim(), location: values.location.trim() };
}
