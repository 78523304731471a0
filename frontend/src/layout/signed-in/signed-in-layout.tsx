import { ActionIcon, Alert, Anchor, Box, Breadcrumbs, Button, Group, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCloudOff, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconMenu2 } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { type AuthUser, useAuth } from '../../features/auth/auth-context';
import { MAIN_CONTENT_ID } from '../skip-link';
import { AppSidebarNav } from './app-sidebar';
import { breadcrumbsFor } from './breadcrumbs-for';
import { SidebarPanel } from './sidebar-panel';
import classes from './signed-in-layout.module.css';
import { useSidebarState } from './use-sidebar-state';

interface SignedInLayoutProps {
  user: AuthUser;
  children: ReactNode;
}

/** The signed-in area: a sidebar (16rem, 3rem collapsed, an 18rem slide-in panel below 768 px) and breadcrumbs. */
export function SignedInLayout({ user, children }: SignedInLayoutProps) {
  const { expanded, toggle } = useSidebarState();
  const [mobileOpened, mobile] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const crumbs = breadcrumbsFor(pathname);
  const { status } = useAuth();

  return (
    <div className={classes.shell}>
      {/* The aside runs the shell's full height with its background; its contents stay in view. */}
      <aside className={classes.sidebar} data-collapsed={expanded ? undefined : true} aria-label="Sidebar">
        <div className={classes.sidebarContent}>
          <Group justify={expanded ? 'flex-end' : 'center'} p={6}>
            <Tooltip label={expanded ? 'Collapse sidebar (Ctrl+B)' : 'Expand sidebar (Ctrl+B)'} position="right">
              <ActionIcon variant="subtle" color="gray" onClick={toggle} aria-label="Toggle sidebar" aria-expanded={expanded}>
                {expanded ? <IconLayoutSidebarLeftCollapse size={18} /> : <IconLayoutSidebarLeftExpand size={18} />}
              </ActionIcon>
            </Tooltip>
          </Group>
          <AppSidebarNav collapsed={!expanded} user={user} />
        </div>
      </aside>

      <SidebarPanel opened={mobileOpened} onClose={mobile.close} user={user} />

      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main} px={{ base: 'md', sm: 'xl' }} py="lg">
        <Group gap="sm" mb="lg" wrap="nowrap">
          <Button
            className={classes.mobileOnly}
            variant="default"
            size="xs"
            leftSection={<IconMenu2 size={14} />}
            onClick={mobile.open}
          >
            Menu
          </Button>
          <Breadcrumbs separatorMargin={6}>
            {crumbs.map((crumb) =>
              crumb.to ? (
                <Anchor key={crumb.label} component={Link} to={crumb.to} fz="sm">
                  {crumb.label}
                </Anchor>
              ) : (
                <Text key={crumb.label} fz="sm" c="dimmed">
                  {crumb.label}
                </Text>
              ),
            )}
          </Breadcrumbs>
        </Group>
        {status === 'degraded' && (
          <Alert color="yellow" variant="light" mb="lg" icon={<IconCloudOff size={18} />} title="Ringcheck cannot be reached right now">
            You are still signed in. Your calls and settings load again as soon as the connection is back.
          </Alert>
        )}
        {children}
      </Box>
    </div>
  );
}
