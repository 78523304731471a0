import { useHotkeys } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { readSidebarExpanded, sidebarCookie } from './sidebar-state';

/** Expanded or collapsed, saved in the `sidebar:state` cookie; Ctrl or Cmd + B toggles it. */
export function useSidebarState(): { expanded: boolean; toggle: () => void } {
  const [expanded, setExpanded] = useState(() => readSidebarExpanded(document.cookie));
  const toggle = useCallback(() => {
    setExpanded((current) => {
      document.cookie = sidebarCookie(!current);
      return !current;
    });
  }, []);
  useHotkeys([['mod+b', toggle]]);
  return { expanded, toggle };
}
