import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconHelpCircle, IconListCheck, IconLogout, IconPhoneCall, IconSettings } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { AuthUser } from '../features/auth/auth-context';
import { useSignOut } from './use-sign-out';

interface UserMenuProps {
  user: AuthUser;
}

export const displayName = (user: AuthUser): string => user.firstName.trim() || 'User';

/** The signed-in user's menu in the header; after sign-out the user goes to `/`. */
export function UserMenu({ user }: UserMenuProps) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const name = displayName(user);

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* The accessible name holds the visible name (WCAG 2.5.3); the avatar is a picture, not text. */}
        <UnstyledButton aria-label={`${name}, open user menu`}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="ringcheck" radius="xl" size={32} aria-hidden />
            <Text size="sm" fw={600} visibleFrom="sm">
              {name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconListCheck size={16} />} onClick={() => void navigate({ to: '/getting-started' })}>
          Getting Started
        </Menu.Item>
        <Menu.Item leftSection={<IconPhoneCall size={16} />} onClick={() => void navigate({ to: '/calls' })}>
          My Calls
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => void navigate({ to: '/settings' })}>
          Settings
        </Menu.Item>
        <Menu.Item leftSection={<IconHelpCircle size={16} />} onClick={() => void navigate({ to: '/help' })}>
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
