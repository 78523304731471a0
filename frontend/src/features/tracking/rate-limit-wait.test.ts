// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rateLimitWaitMs } from './rate-limit-wait';

const NOW = Date.parse('2025-03-01T10:00:00Z');
const wait = (headers: Record<string, string>) => rateLimitWaitMs(new Headers(headers), NOW, 5000);

describe('rateLimitWaitMs', () => {
  it('waits 5 s when no header says otherwise', () => {
    expect(wait({})).toBe(5000);
    expect(wait({ 'X-RateLimit-Reset': 'soon' })).toBe(5000);
  });

  it('reads X-RateLimit-Reset as seconds, epoch seconds or epoch milliseconds', () => {
    expect(wait({ 'X-RateLimit-Reset': '7' })).toBe(7000);
    expect(wait({ 'X-RateLimit-Reset': String(NOW / 1000 + 12) })).toBe(12_000);
    expect(wait({ 'X-RateLimit-Reset': String(NOW + 3500) })).toBe(3500);
    expect(wait({ 'X-RateLimit-Reset': String(NOW / 1000 - 60) })).toBe(0);
  });

  it('reads what our API sends: RateLimit-Reset, then Retry-After', () => {
    expect(wait({ 'RateLimit-Reset': '9', 'Retry-After': '9' })).toBe(9000);
    expect(wait({ 'Retry-After': '3' })).toBe(3000);
    expect(wait({ 'Retry-After': new Date(NOW + 4000).toUTCString() })).toBe(4000);
  });
});
