import { type FormEvent, useCallback, useState } from 'react';
import {
  hasErrors,
  type SearchFormErrors,
  type SearchFormValues,
  trimSearchForm,
  validateSearchForm,
} from './search-form-validation';

export interface SearchForm {
  values: SearchFormValues;
  errors: SearchFormErrors;
  change(field: keyof SearchFormValues): (event: { currentTarget: HTMLInputElement }) => void;
  /** Validates; hands trimmed values to `onValid` when they pass. */
  submit(onValid: (values: SearchFormValues) => void): (event: FormEvent<HTMLFormElement>) => void;
  clear(): void;
}

const EMPTY: SearchFormValues = { businessName: '', location: '' };

/** The state of a business search form, validated per spec section 5. */
export function useSearchForm(initialValues?: Partial<SearchFormValues>): SearchForm {
  const [values, setValues] = useState<SearchFormValues>({
    businessName: initialValues?.businessName ?? '',
    location: initialValues?.location ?? '',
  });
  const [errors, setErrors] = useState<SearchFormErrors>({});

  const change = useCallback(
    (field: keyof SearchFormValues) => (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      // After a failed submit, typing in a field clears that field's error.
      setErrors((current) => {
        if (!current[field]) return current;
        const { [field]: _cleared, ...rest } = current;
        return rest;
      });
    },
    [],
  );

  const submit = useCallback(
    (onValid: (values: SearchFormValues) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const found = validateSearchForm(values);
      setErrors(found);
      if (!hasErrors(found)) onValid(trimSearchForm(values));
    },
    [values],
  );

  const clear = useCallback(() => {
    setValues(EMPTY);
    setErrors({});
  }, []);

  return { values, errors, change, submit, clear };
}
