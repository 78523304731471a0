// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { trimSearchForm, validateSearchForm } from './search-form-validation';

describe('validateSearchForm', () => {
  it('accepts a business name and a location of two or more characters', () => {
    expect(validateSearchForm({ businessName: 'Pizza Palace', location: 'NY' })).toEqual({});
  });

  it('requires the business name', () => {
    expect(validateSearchForm({ businessName: '   ', location: 'New York, NY' })).toEqual({ businessName: 'Business name is required' });
  });

  it('requires the location', () => {
    expect(validateSearchForm({ businessName: 'Pizza Palace', location: '' })).toEqual({ location: 'Required' });
    expect(validateSearchForm({ businessName: 'Pizza Palace', location: '  \t ' })).toEqual({ location: 'Required' });
  });

  it('needs at least 2 location characters after trimming', () => {
    expect(validateSearchForm({ businessName: 'Pizza Palace', location: ' N ' })).toEqual({
      location: 'At least 2 characters required',
    });
  });

  it('reports both fields at once', () => {
    expect(validateSearchForm({ businessName: '', location: 'x' })).toEqual({
      businessName: 'Business name is required',
      location: 'At least 2 characters required',
    });
  });
});

describe('trimSearchForm', () => {
  it('trims both values before sending', () => {
    expect(trimSearchForm({ businessName: '  Pizza Palace ', location: ' New York, NY  ' })).toEqual({
      businessName: 'Pizza Palace',
      location: 'New York, NY',
    });
  });
});
