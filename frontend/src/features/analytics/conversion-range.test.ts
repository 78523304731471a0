// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formValuesOf, isCalendarDate, localDateTimeOf, queryOf, rangeErrors, searchOfForm, validateConversionSearch } from './conversion-range';

const NOW = new Date('2026-11-25T04:30:00.000Z');

describe('the range in the address', () => {
  it('keeps real dates of a range that runs forwards, and a moment with its zone as an instant', () => {
    expect(validateConversionSearch({ from: '2026-09-01', to: '2026-11-24', as_of: '2026-11-01T13:00:00+01:00' })).toEqual({
      from: '2026-09-01',
      to: '2026-11-24',
      as_of: '2026-11-01T12:00:00.000Z',
    });
    expect(validateConversionSearch({ from: '2026-11-24', to: '2026-11-24' })).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(validateConversionSearch({ to: '2026-11-24' })).toEqual({ to: '2026-11-24' });
  });

  it('drops what is not a date, a range that runs backwards and a moment without a zone', () => {
    expect(validateConversionSearch({ from: '2026-02-30', to: 'yesterday', as_of: '2026-11-01T12:00' })).toEqual({});
    expect(validateConversionSearch({ from: '2026-11-24', to: '2026-11-01' })).toEqual({});
    expect(validateConversionSearch({ from: 20261101, as_of: ['2026-11-01T12:00:00Z'] })).toEqual({});
  });

  it('asks the server for exactly that range and moment', () => {
    expect(queryOf({ from: '2026-09-01', to: '2026-11-24', as_of: '2026-11-01T12:00:00.000Z' })).toEqual({
      from: '2026-09-01',
      to: '2026-11-24',
      asOf: '2026-11-01T12:00:00.000Z',
    });
    expect(queryOf({})).toEqual({ from: undefined, to: undefined, asOf: undefined });
  });

  it('tells real calendar days apart', () => {
    expect(['2024-02-29', '2026-12-31', '2026-01-01'].every(isCalendarDate)).toBe(true);
    expect(['2026-02-29', '2026-13-01', '2026-1-1', '2026-01-01T00:00', '', null].some(isCalendarDate)).toBe(false);
  });
});

describe('the range form', () => {
  it('starts from the address, else from the range the server answered', () => {
    expect(formValuesOf({ from: '2026-10-01', to: '2026-10-31' }, { from: '2026-09-01', to: '2026-11-24' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      asOf: '',
    });
    expect(formValuesOf({}, { from: '2026-09-01', to: '2026-11-24' })).toEqual({ from: '2026-09-01', to: '2026-11-24', asOf: '' });
    expect(formValuesOf({})).toEqual({ from: '', to: '', asOf: '' });
    expect(formValuesOf({ as_of: '2026-11-01T12:00:00.000Z' }).asOf).toBe(localDateTimeOf('2026-11-01T12:00:00.000Z'));
  });

  it('accepts a range whose first day is on or before its last', () => {
    expect(rangeErrors({ from: '2026-11-01', to: '2026-11-01', asOf: '' }, NOW)).toEqual({});
    expect(rangeErrors({ from: '2026-10-01', to: '2026-11-24', asOf: '2026-11-20T09:30' }, NOW)).toEqual({});
  });

  it('names the field that is wrong', () => {
    expect(rangeErrors({ from: '2026-11-24', to: '2026-11-01', asOf: '' }, NOW)).toEqual({ to: 'The last day cannot be before the first' });
    expect(rangeErrors({ from: '', to: '', asOf: '' }, NOW)).toEqual({ from: 'Enter the first day', to: 'Enter the last day' });
    expect(rangeErrors({ from: '2026-02-30', to: '2026-03-01', asOf: '' }, NOW)).toEqual({ from: 'Enter a date as YYYY-MM-DD' });
    expect(rangeErrors({ from: '2026-11-01', to: '2026-11-24', asOf: 'soon' }, NOW)).toEqual({ asOf: 'Enter a date and time' });
    expect(rangeErrors({ from: '2026-11-01', to: '2026-11-24', asOf: '2027-01-01T00:00' }, NOW)).toEqual({
      asOf: 'The figures cannot be as of a time still to come',
    });
  });

  it('puts valid values in the address, the local moment as an instant', () => {
    expect(searchOfForm({ from: '2026-10-01', to: '2026-10-31', asOf: '' })).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    const local = localDateTimeOf('2026-11-01T12:00:00.000Z');
    expect(searchOfForm({ from: '2026-10-01', to: '2026-10-31', asOf: local })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      as_of: '2026-11-01T12:00:00.000Z',
    });
  });
});
