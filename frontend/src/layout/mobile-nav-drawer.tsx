import { Drawer } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { RingcheckLogo } from '../components/ringcheck-logo';

interface MobileNavDrawerProps {
  opened: boolean;
  onClose(): void;
  children: ReactNode;
}

/** The navigation panel at phone width. Its code loads when the menu is first opened (site-header.tsx). */
export function MobileNavDrawer({ opened, onClose, children }: MobileNavDrawerProps) {
  // Drawn closed first, so that on that first opening it still slides in.
  const mounted = useMounted();
  return (
    <Drawer
      opened={mounted && opened}
      onClose={onClose}
      position="right"
      size="min(320px, 85vw)"
      hiddenFrom="md"
      title={<RingcheckLogo size={26} />}
      zIndex={300}
    >
      {children}
    </Drawer>
  );
}
