const EXACT_NAMES: Record<string, string> = {
  '/': 'Home',
  '/explore': 'Explore',
  '/calls': 'Calls Management',
  '/locations': 'Locations',
  '/getting-started': 'Getting Started',
  '/upgrade': 'Upgrade',
  '/settings': 'Settings',
  '/profile': 'Profile',
};

const PREFIX_NAMES: Array<[prefix: string, name: string]> = [
  ['/call/', 'Call Details'],
  ['/location/', 'Location Details'],
  ['/business/', 'Business Details'],
];

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** The page name used for tracking (spec section 2, "Page names for tracking"). */
export function pageNameFor(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  const exact = EXACT_NAMES[normalised];
  if (exact) return exact;
  const prefixed = PREFIX_NAMES.find(([prefix]) => normalised.startsWith(prefix));
  if (prefixed) return prefixed[1];
  const words = normalised
    .split('/')
    .flatMap((segment) => segment.split(/[-_\s]+/))
    .filter((word) => /[a-z0-9]/i.test(word));
  return words.length > 0 ? words.map(titleCase).join(' ') : 'Unknown Page';
}
