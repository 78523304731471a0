import { Box, Drawer } from '@mantine/core';
import type { AuthUser } from '../../features/auth/auth-context';
import { AppSidebarNav } from './app-sidebar';

interface SidebarPanelProps {
  opened: boolean;
  onClose(): void;
  user: AuthUser;
}

/** The sidebar below 768 px: an 18rem slide-in panel, named for assistive technology (it has no title). */
export function SidebarPanel({ opened, onClose, user }: SidebarPanelProps) {
  return (
    <Drawer.Root opened={opened} onClose={onClose} size="18rem">
      <Drawer.Overlay />
      <Drawer.Content aria-label="Sidebar">
        <Drawer.Body p={0}>
          <Box h="100dvh">
            <AppSidebarNav user={user} onNavigate={onClose} />
          </Box>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
