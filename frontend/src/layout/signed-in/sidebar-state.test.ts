// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readSidebarExpanded, sidebarCookie } from './sidebar-state';

describe('sidebar state cookie', () => {
  it('is expanded unless saved as collapsed', () => {
    expect(readSidebarExpanded('')).toBe(true);
    expect(readSidebarExpanded('sidebar:state=true')).toBe(true);
    expect(readSidebarExpanded('a=1; sidebar:state=false')).toBe(false);
  });

  it('is kept for 7 days', () => {
    expect(sidebarCookie(false)).toBe('sidebar:state=false; path=/; max-age=604800; SameSite=Lax');
  });
});
