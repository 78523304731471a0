// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after';

describe('parseRetryAfter', () => {
  it('reads delta seconds', () => expect(parseRetryAfter('120')).toBe(120));
  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:45 GMT', now)).toBe(45);
  });
  it('answers null for a missing or unreadable header', () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
