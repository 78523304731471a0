import type { UserRole } from '@ringcheck/projections/contract';
import { IconChartFunnel, IconCompass, IconHelpCircle, IconListCheck, IconMapPin, IconPhoneCall, IconSettings } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { type AuthUser, hasRole } from '../../features/auth/auth-context';

export interface SidebarLink {
  to: '/getting-started' | '/calls' | '/locations' | '/explore' | '/analytics' | '/settings' | '/help';
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** Shown only to users with this role (the server still checks it). */
  role?: UserRole;
}

/** The signed-in sidebar (spec section 2, "Sidebar and breadcrumbs"). */
export const SIDEBAR_LINKS: SidebarLink[] = [
  { to: '/getting-started', label: 'Getting Started', icon: IconListCheck },
  { to: '/calls', label: 'My Calls', icon: IconPhoneCall },
  { to: '/locations', label: 'My Locations', icon: IconMapPin },
  { to: '/explore', label: 'Explore', icon: IconCompass },
  { to: '/analytics', label: 'Conversion', icon: IconChartFunnel, role: 'analyst' },
  { to: '/settings', label: 'Settings', icon: IconSettings },
  { to: '/help', label: 'Help & Support', icon: IconHelpCircle },
];

/** The links `user` is offered. */
export const sidebarLinksFor = (user: AuthUser): SidebarLink[] => SIDEBAR_LINKS.filter((link) => !link.role || hasRole(user, link.role));
