import { Box, Stack, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { AuthUser } from '../../features/auth/auth-context';
import { sidebarLinksFor } from './sidebar-links';
import classes from './signed-in-layout.module.css';
import { SidebarUserMenu } from './sidebar-user-menu';

interface AppSidebarNavProps {
  collapsed?: boolean;
  user: AuthUser;
  onNavigate?: () => void;
}

/** Sidebar links, and the user menu (first name, fallback 'User', and e-mail) at the bottom. */
export function AppSidebarNav({ collapsed = false, user, onNavigate }: AppSidebarNavProps) {
  return (
    <Stack justify="space-between" h="100%" p={collapsed ? 6 : 'sm'} gap="sm">
      <Stack gap={2} component="nav" aria-label="Account">
        {sidebarLinksFor(user).map(({ to, label, icon: Icon }) => (
          <Tooltip key={to} label={label} position="right" disabled={!collapsed} withArrow>
            <Link to={to} className={classes.link} onClick={onNavigate} aria-label={collapsed ? label : undefined}>
              <Icon size={18} stroke={1.7} />
              {!collapsed && <span>{label}</span>}
            </Link>
          </Tooltip>
        ))}
      </Stack>
      <Box pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <SidebarUserMenu user={user} collapsed={collapsed} onNavigate={onNavigate} />
      </Box>
    </Stack>
  );
}
