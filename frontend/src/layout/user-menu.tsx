import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { AuthUser } from '../features/auth/auth-context';

interface UserMenuProps {
  user: AuthUser;
  onSignOut?: () => Promise<void> | void;
}

export const displayName = (user: AuthUser): string => user.firstName.trim() || 'User';

/** The signed-in user's menu; after sign-out the user goes to `/`. */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const navigate = useNavigate();
  const name = displayName(user);

  const signOut = async () => {
    await onSignOut?.();
    await navigate({ to: '/' });
  };

  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Open user menu">
          <Group gap={8} wrap="nowrap">
            <Avatar color="ringcheck" radius="xl" size={32}>
              {name.charAt(0).toUpperCase()}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm">
              {name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => void navigate({ to: '/settings' })}>
          Settings
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
