export type NavItem =
  | { label: string; kind: 'anchor'; anchor: 'product' | 'how-it-works' | 'changelog' }
  | { label: string; kind: 'route'; to: '/pricing' | '/faq' | '/comparison' };

/** The header navigation, in the spec's order. */
export const HEADER_NAV: NavItem[] = [
  { label: 'Product', kind: 'anchor', anchor: 'product' },
  { label: 'Pricing', kind: 'route', to: '/pricing' },
  { label: 'How It Works', kind: 'anchor', anchor: 'how-it-works' },
  { label: 'FAQ', kind: 'route', to: '/faq' },
  { label: 'Changelog', kind: 'anchor', anchor: 'changelog' },
];
