import type { ConversionQuery } from '../../api/conversion-api';
import { type ConversionSearch, isCalendarDate } from './conversion-search';

// The address's checks are apart: the route runs them, and the routes' code comes with every page.
export { type ConversionSearch, isCalendarDate, validateConversionSearch } from './conversion-search';

/** What the range form holds: dates as `<input type="date">` gives them, the moment as `datetime-local` does. */
export interface RangeFormValues {
  from: string;
  to: string;
  /** Local date-time (`YYYY-MM-DDTHH:mm`); empty for the latest figures. */
  asOf: string;
}

export type RangeFormErrors = Partial<Record<keyof RangeFormValues, string>>;

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

export const queryOf = (search: ConversionSearch): ConversionQuery => ({ from: search.from, to: search.to, asOf: search.as_of });

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as `datetime-local` shows it, in the browser's time zone. */
export function localDateTimeOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The form's fields for the range on screen: the address's, else the range the server answered. */
export function formValuesOf(search: ConversionSearch, shown?: { from: string; to: string }): RangeFormValues {
  return {
    from: search.from ?? shown?.from ?? '',
    to: search.to ?? shown?.to ?? '',
    asOf: search.as_of ? localDateTimeOf(search.as_of) : '',
  };
}

/** What is wrong with the form, field by field; empty when it can be applied. */
export function rangeErrors(values: RangeFormValues, now: Date = new Date()): RangeFormErrors {
  const errors: RangeFormErrors = {};
  if (!values.from) errors.from = 'Enter the first day';
  else if (!isCalendarDate(values.from)) errors.from = 'Enter a date as YYYY-MM-DD';
  if (!values.to) errors.to = 'Enter the last day';
  else if (!isCalendarDate(values.to)) errors.to = 'Enter a date as YYYY-MM-DD';
  if (!errors.from && !errors.to && values.from > values.to) errors.to = 'The last day cannot be before the first';
  if (values.asOf) {
    const asOf = LOCAL_DATE_TIME.test(values.asOf) ? new Date(values.asOf) : null;
    if (!asOf || Number.isNaN(asOf.getTime())) errors.asOf = 'Enter a date and time';
    else if (asOf.getTime() > now.getTime()) errors.asOf = 'The figures cannot be as of a time still to come';
  }
  return errors;
}

/** The address for valid form values (check `rangeErrors` first); the local moment becomes an instant. */
export function searchOfForm(values: RangeFormValues): ConversionSearch {
  return {
    from: values.from,
    to: values.to,
    ...(values.asOf ? { as_of: new Date(values.asOf).toISOString() } : {}),
  };
}
