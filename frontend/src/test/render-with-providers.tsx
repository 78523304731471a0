import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ApiClient } from '../api/api-client';
import { AppProviders } from '../app/app-providers';
import { createAppRouter } from '../app/create-app-router';
import { createQueryClient } from '../app/create-query-client';
import type { AuthState } from '../features/auth/auth-context';
import type { PageViewSender } from '../features/tracking/use-page-view-tracking';
import type { RealtimeClient } from '../realtime/realtime-client';
import { ApiStub } from './api-stub';
import { MemoryRealtimeServer } from './memory-realtime';

interface Options {
  auth?: AuthState;
  /** The API client; by default one answering from an empty ApiStub. */
  api?: ApiClient;
  /** The realtime client; by default one connected to an in-memory server. */
  realtime?: RealtimeClient;
}

const servicesFor = ({ api, realtime }: Options) => ({
  apiClient: api ?? new ApiStub().client(),
  realtimeClient: realtime ?? new MemoryRealtimeServer().createClient(),
});

/**
 * Renders a component with the app's providers inside a small router (for Links): the component at
 * `/`, and a stand-in `/call/$callId` page that names the call. Resolves once the component is on screen.
 */
export async function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const rootRoute = createRootRoute();
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <div data-testid="rendered-under-test">{ui}</div>,
  });
  const callRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/call/$callId',
    component: function CallStandIn() {
      const { callId } = callRoute.useParams();
      return <p>Call page {callId}</p>;
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route, callRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(
    <AppProviders queryClient={createQueryClient()} auth={options.auth} env="test" {...servicesFor(options)}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await screen.findByTestId('rendered-under-test');
  return { ...view, router };
}

/** Renders the whole app at `path`, with page views recorded instead of sent. */
export function renderApp(path: string, options: Options = {}) {
  const pageViews: Parameters<PageViewSender>[0][] = [];
  const trackPageView: PageViewSender = async (payload) => {
    pageViews.push(payload);
    return { recorded: true };
  };
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, trackPageView }, createMemoryHistory({ initialEntries: [path] }));
  const view = render(
    <AppProviders queryClient={queryClient} auth={options.auth} env="test" {...servicesFor(options)}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, pageViews };
}
