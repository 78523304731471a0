export interface Crumb {
  label: string;
  /** Absent on the current page. */
  to?: string;
}

const HOME: Crumb = { label: 'Home', to: '/getting-started' };

const PAGE_LABELS: Record<string, string> = {
  '/getting-started': 'Getting Started',
  '/calls': 'My Calls',
  '/locations': 'My Locations',
  '/explore': 'Explore',
  '/analytics': 'Conversion',
  '/settings': 'Settings',
  '/help': 'Help & Support',
  '/upgrade': 'Upgrade',
};

const titleCase = (segment: string) =>
  segment
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** Breadcrumbs of the signed-in layout: Home (the checklist), then the page; calls sit under My Calls. */
export function breadcrumbsFor(pathname: string): Crumb[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path.startsWith('/call/')) return [HOME, { label: 'My Calls', to: '/calls' }, { label: 'Call Details' }];
  const label = PAGE_LABELS[path];
  if (label) return [HOME, { label }];
  const last = path.split('/').filter(Boolean).pop();
  return last ? [HOME, { label: titleCase(last) }] : [HOME];
}
