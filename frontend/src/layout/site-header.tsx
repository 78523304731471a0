import { Box, Burger, Button, Container, Divider, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { RingcheckLogo } from '../components/ringcheck-logo';
import { useAuth } from '../features/auth/auth-context';
import { useAuthDialog } from '../features/auth/auth-dialog-context';
import { HEADER_NAV } from './nav-items';
import { NavLink } from './nav-link';
import classes from './site-header.module.css';

// Neither is drawn on a visitor's first page at desktop width: each loads when first needed.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));
const MobileNavDrawer = lazy(() => import('./mobile-nav-drawer').then((module) => ({ default: module.MobileNavDrawer })));

/** A new account from Get Started lands on the checklist. */
const GET_STARTED_INTENT = { redirectTo: '/getting-started', source: 'header_get_started' };

/** The header on every page (spec section 2, "Header"). */
export function SiteHeader() {
  const [menuOpened, menu] = useDisclosure(false);
  const [drawerRequested, setDrawerRequested] = useState(false);
  if (menuOpened && !drawerRequested) setDrawerRequested(true);
  const { user, status } = useAuth();
  // While the session loads, neither the buttons nor the menu: one of them would flash. The buttons keep
  // their room unseen, so the navigation beside them does not move when a visitor's appear.
  const showAuthButtons = !user && status !== 'loading';
  const holdAuthButtons = !user && status === 'loading';
  const dialog = useAuthDialog();

  const authButtons = (fullWidth: boolean) => (
    <>
      <Button variant="default" fullWidth={fullWidth} onClick={() => (menu.close(), dialog.open('sign-in'))}>
        Login
      </Button>
      <Button
        fullWidth={fullWidth}
        onClick={() => (menu.close(), dialog.open('sign-up', { intent: GET_STARTED_INTENT }))}
        data-cta="Get Started"
        data-cta-location="header"
        data-cta-destination="sign-up"
      >
        Get Started
      </Button>
    </>
  );

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link to="/" className={classes.logoLink} aria-label="Ringcheck home">
            <RingcheckLogo />
          </Link>

          <Group component="nav" gap={2} visibleFrom="md" aria-label="Main">
            {HEADER_NAV.map((item) => (
              <NavLink key={item.label} item={item} className={classes.navLink} />
            ))}
          </Group>

          <Group gap="sm" wrap="nowrap">
            {user && (
              <Suspense fallback={null}>
                <UserMenu user={user} />
              </Suspense>
            )}
            {(showAuthButtons || holdAuthButtons) && (
              <Group gap="sm" visibleFrom="md" style={holdAuthButtons ? { visibility: 'hidden' } : undefined}>
                {authButtons(false)}
              </Group>
            )}
            <Burger opened={menuOpened} onClick={menu.toggle} hiddenFrom="md" size="sm" aria-label="Toggle navigation" />
          </Group>
        </Group>
      </Container>

      {drawerRequested && (
        <Suspense fallback={null}>
          <MobileNavDrawer opened={menuOpened} onClose={menu.close}>
            <Stack gap={2} component="nav" aria-label="Mobile">
              {HEADER_NAV.map((item) => (
                <NavLink key={item.label} item={item} className={classes.drawerLink} onNavigate={menu.close} />
              ))}
            </Stack>
            {showAuthButtons && (
              <>
                <Divider my="md" />
                <Stack gap="sm">{authButtons(true)}</Stack>
              </>
            )}
          </MobileNavDrawer>
        </Suspense>
      )}
    </Box>
  );
}
