import { IconCompass, IconHelpCircle, IconListCheck, IconMapPin, IconPhoneCall, IconSettings } from '@tabler/icons-react';
import type { ComponentType } from 'react';

export interface SidebarLink {
  to: '/getting-started' | '/calls' | '/locations' | '/explore' | '/settings' | '/help';
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

/** The signed-in sidebar (spec section 2, "Sidebar and breadcrumbs"). */
export const SIDEBAR_LINKS: SidebarLink[] = [
  { to: '/getting-started', label: 'Getting Started', icon: IconListCheck },
  { to: '/calls', label: 'My Calls', icon: IconPhoneCall },
  { to: '/locations', label: 'My Locations', icon: IconMapPin },
  { to: '/explore', label: 'Explore', icon: IconCompass },
  { to: '/settings', label: 'Settings', icon: IconSettings },
  { to: '/help', label: 'Help & Support', icon: IconHelpCircle },
];
