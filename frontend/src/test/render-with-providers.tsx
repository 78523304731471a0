import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../app/app-providers';
import { createAppRouter } from '../app/create-app-router';
import { createQueryClient } from '../app/create-query-client';
import type { AuthState } from '../features/auth/auth-context';
import type { PageViewSender } from '../features/tracking/use-page-view-tracking';

interface Options {
  auth?: AuthState;
}

/** Renders a component with the app's providers inside a one-route router (for Links), once it is on screen. */
export async function renderWithProviders(ui: ReactElement, { auth }: Options = {}) {
  const rootRoute = createRootRoute();
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <div data-testid="rendered-under-test">{ui}</div>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(
    <AppProviders queryClient={createQueryClient()} auth={auth} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await screen.findByTestId('rendered-under-test');
  return view;
}

/** Renders the whole app at `path`, with page views recorded instead of sent. */
export function renderApp(path: string, { auth }: Options = {}) {
  const pageViews: Parameters<PageViewSender>[0][] = [];
  const trackPageView: PageViewSender = async (payload) => {
    pageViews.push(payload);
    return { recorded: true };
  };
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, trackPageView }, createMemoryHistory({ initialEntries: [path] }));
  const view = render(
    <AppProviders queryClient={queryClient} auth={auth} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, pageViews };
}
