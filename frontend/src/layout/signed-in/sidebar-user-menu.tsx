import { Avatar, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconHelpCircle, IconLogout, IconSelector, IconSettings } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { AuthUser } from '../../features/auth/auth-context';
import { useSignOut } from '../use-sign-out';
import { displayName } from '../user-menu';
import classes from './signed-in-layout.module.css';

interface SidebarUserMenuProps {
  user: AuthUser;
  collapsed: boolean;
  onNavigate?: () => void;
}

/** The sidebar footer: first name (fallback 'User') and e-mail, opening the account menu. */
export function SidebarUserMenu({ user, collapsed, onNavigate }: SidebarUserMenuProps) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const name = displayName(user);
  const go = (to: '/settings' | '/help') => {
    onNavigate?.();
    void navigate({ to });
  };

  return (
    <Menu position={collapsed ? 'right-end' : 'top'} width={collapsed ? 220 : 'target'} withinPortal>
      <Menu.Target>
        {/* Named by what it shows plus "Account menu", so the visible text is part of the name (WCAG 2.5.3). */}
        <UnstyledButton className={classes.userButton} data-collapsed={collapsed || undefined}>
          <Group gap={10} wrap="nowrap">
            <Avatar color="ringcheck" radius="xl" size={collapsed ? 28 : 34} aria-hidden />
            {!collapsed && (
              <>
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text fz="sm" fw={600} truncate>
                    {name}
                  </Text>
                  <Text fz="xs" c="dimmed" truncate>
                    {user.email}
                  </Text>
                </Stack>
                <IconSelector size={16} color="var(--mantine-color-gray-6)" aria-hidden />
              </>
            )}
            <VisuallyHidden>Account menu</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {collapsed && <Menu.Label>{user.email}</Menu.Label>}
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => go('/settings')}>
          Settings
        </Menu.Item>
        <Menu.Item leftSection={<IconHelpCircle size={16} />} onClick={() => go('/help')}>
          Help & Support
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
