import { Box } from '@mantine/core';
import { Outlet, useRouteContext } from '@tanstack/react-router';
import { useSignInEffects } from '../features/auth/sign-in-effects/use-sign-in-effects';
import { usePageViewTracking } from '../features/tracking/use-page-view-tracking';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Every page: header, content, footer; and what follows a sign-in, wherever it happens. */
export function RootLayout() {
  const trackPageView = useRouteContext({ from: '__root__', select: (context) => context.trackPageView });
  usePageViewTracking(trackPageView);
  useSignInEffects();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}
