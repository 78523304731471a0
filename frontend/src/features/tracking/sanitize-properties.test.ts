// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sanitizeProperties } from './sanitize-properties';

describe('sanitizeProperties', () => {
  it('truncates error messages to 500 characters', () => {
    const long = 'x'.repeat(2000);
    const out = sanitizeProperties({ errorType: 'api_error', errorMessage: long });
    expect(out.errorMessage).toHaveLength(500);
    expect(out.errorType).toBe('api_error');
    expect(sanitizeProperties({ errorMessage: 'short' }).errorMessage).toBe('short');
    expect(sanitizeProperties({ errorMessage: 'y'.repeat(500) }).errorMessage).toBe('y'.repeat(500));
  });

  it('masks phone numbers in every string, nested ones included, before truncating', () => {
    const out = sanitizeProperties({
      query: 'Pizza 312-555-0147',
      nested: { list: ['(773) 555-0199', 42, null], ok: true },
      errorMessage: `${'z'.repeat(490)} 312-555-0147`,
    });
    expect(out.query).toBe('Pizza 312-***-****');
    expect(out.nested).toEqual({ list: ['(773) ***-****', 42, null], ok: true });
    expect(out.errorMessage).toBe(`${'z'.repeat(490)} 312-***-…`);
    expect(out.errorMessage).toHaveLength(500);
  });

  it('leaves numbers, ids and dates as they are', () => {
    const properties = { businessId: 'ChIJ3125550147', ranking: 3, timestamp: '2024-05-01T10:42:07.000Z', duration: 3125550147 };
    expect(sanitizeProperties(properties)).toEqual(properties);
  });
});
