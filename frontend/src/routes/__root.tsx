import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';
import { NotFoundScreen } from '../components/not-found-screen';
import { RootLayout } from '../layout/root-layout';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
});
