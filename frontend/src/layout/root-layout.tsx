import { Box } from '@mantine/core';
import { Outlet, useMatch, useRouteContext } from '@tanstack/react-router';
import { useSignInEffects } from '../features/auth/sign-in-effects/use-sign-in-effects';
import { ConsentBanner } from '../features/consent/consent-banner';
import { usePageViewTracking } from '../features/tracking/use-page-view-tracking';
import { useInteractionTracking } from '../features/tracking/use-interaction-tracking';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/**
 * Every page: skip link, header, content, footer; and what follows a sign-in, wherever it happens.
 * The signed-in area draws its own main landmark beside its sidebar, so here it is only a wrapper.
 */
export function RootLayout() {
  const analytics = useRouteContext({ from: '__root__', select: (context) => context.analytics });
  const consent = useRouteContext({ from: '__root__', select: (context) => context.consent });
  usePageViewTracking(analytics);
  useInteractionTracking(analytics);
  useSignInEffects();
  const signedInArea = useMatch({ from: '/_authenticated', shouldThrow: false }) !== undefined;
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <SiteHeader />
      {signedInArea ? (
        <Box style={{ flex: 1 }}>
          <Outlet />
        </Box>
      ) : (
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
          <Outlet />
        </Box>
      )}
      <SiteFooter />
      <ConsentBanner consent={consent} />
    </Box>
  );
}
