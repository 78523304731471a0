// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pageNameFor } from './page-name';

describe('pageNameFor', () => {
  it.each([
    ['/', 'Home'],
    ['/explore', 'Explore'],
    ['/calls', 'Calls Management'],
    ['/locations', 'Locations'],
    ['/getting-started', 'Getting Started'],
    ['/upgrade', 'Upgrade'],
    ['/settings', 'Settings'],
    ['/profile', 'Profile'],
  ])('names %s as %s', (path, name) => expect(pageNameFor(path)).toBe(name));

  it('names paths under /call/, /location/ and /business/ by their kind', () => {
    expect(pageNameFor('/call/call_123')).toBe('Call Details');
    expect(pageNameFor('/call/call_123/analysis')).toBe('Call Details');
    expect(pageNameFor('/location/plsr_9')).toBe('Location Details');
    expect(pageNameFor('/business/abc')).toBe('Business Details');
  });

  it('ignores a trailing slash, query and hash', () => {
    expect(pageNameFor('/calls/')).toBe('Calls Management');
    expect(pageNameFor('/upgrade?feature=weekly-checkups')).toBe('Upgrade');
    expect(pageNameFor('/#how-it-works')).toBe('Home');
  });

  it('title-cases the segments of other paths', () => {
    expect(pageNameFor('/faq')).toBe('Faq');
    expect(pageNameFor('/help')).toBe('Help');
    expect(pageNameFor('/comparison/vs-answering_service')).toBe('Comparison Vs Answering Service');
    expect(pageNameFor('/PRICING')).toBe('Pricing');
  });

  it('answers Unknown Page when there is nothing to name', () => {
    expect(pageNameFor('')).toBe('Unknown Page');
    expect(pageNameFor('/--/')).toBe('Unknown Page');
  });
});
