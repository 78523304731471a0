// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sidebarLinksFor } from './sidebar-links';

const person = { id: 'user_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', email: 'owner@example.com', firstName: 'Dana' };

describe('sidebarLinksFor', () => {
  it('offers the conversion page only to analysts', () => {
    const labels = (roles?: Array<'analyst'>) => sidebarLinksFor({ ...person, roles }).map((link) => link.label);
    const everyone = ['Getting Started', 'My Calls', 'My Locations', 'Explore', 'Settings', 'Help & Support'];

    expect(labels()).toEqual(everyone);
    expect(labels([])).toEqual(everyone);
    expect(labels(['analyst'])).toEqual(['Getting Started', 'My Calls', 'My Locations', 'Explore', 'Conversion', 'Settings', 'Help & Support']);
  });
});
