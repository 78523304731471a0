import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createResourceApis } from '../api/resource-apis';
import { AppProviders } from '../app/app-providers';
import { AppRouterProvider } from '../app/app-router-provider';
import { createAppRouter } from '../app/create-app-router';
import { createQueryClient } from '../app/create-query-client';
import { SessionGate } from '../app/session-gate';
import type { AuthState } from '../features/auth/auth-context';
import { ConsentControl } from '../features/consent/consent-control';
import type { ClerkModule } from '../features/auth/auth-session-provider';
import type { RealtimeMessage } from '../realtime/realtime-message';
import { ApiStub } from './api-stub';
import { MemoryRealtimeServer } from './memory-realtime';
import { createTestAnalytics } from './test-analytics';

export interface TestAppOptions {
  /** A fixed session, or `live` for the real session against the stub; signed out when absent. */
  auth?: AuthState | 'live';
  /** The product API; an empty one when absent. */
  stub?: ApiStub;
  /** The realtime server; one in memory when absent. */
  server?: MemoryRealtimeServer;
  /** Where the live session gets the hosted provider's code. */
  loadClerk?: () => Promise<ClerkModule>;
  /** The visitor's analytics consent at the start; granted when absent, so events reach the stub. */
  consent?: boolean | null;
}

/**
 * The app as tests run it: the real router (memory history) and query client, over a stubbed product
 * API and an in-memory realtime server. Analytics is the real client sending every message at once
 * (batches of 1), so the stub's `analyticsMessages()` and `trackedEvents()` see each one as it happens.
 */
function createTestApp(path: string, options: TestAppOptions) {
  const stub = options.stub ?? new ApiStub();
  const server = options.server ?? new MemoryRealtimeServer();
  const client = stub.client();
  const queryClient = createQueryClient();
  const apis = createResourceApis(client);
  const { analytics, analyticsClient, consentStore } = createTestAnalytics(client, {
    consent: options.consent,
    landingSearch: new URL(path, 'http://localhost').search,
  });
  const consent = new ConsentControl({ store: consentStore, record: apis.analytics.gdprConsent });
  const router = createAppRouter(
    {
      queryClient,
      apis,
      realtime: server.createClient(),
      session: new SessionGate(),
      analytics,
      consent,
    },
    createMemoryHistory({ initialEntries: [path] }),
  );
  const withProviders = (auth: TestAppOptions['auth'], children: ReactNode) => (
    <AppProviders
      queryClient={queryClient}
      apiClient={client}
      auth={auth === 'live' ? undefined : auth}
      liveSession={auth === 'live'}
      loadClerk={options.loadClerk}
      env="test"
    >
      {children}
    </AppProviders>
  );
  let position = 0;
  /** Pushes a change to a room, as the server does when a read model changes. */
  const publish = async (message: Omit<RealtimeMessage, 'position'>) => {
    position += 1;
    await act(async () => server.publish({ ...message, position }));
  };
  /** The page views sent, as `page` messages. */
  const pageViews = () => stub.analyticsMessages().filter((message) => message.type === 'page');
  return { stub, server, router, queryClient, pageViews, publish, withProviders, consentStore, analyticsClient };
}

/** The whole app at `path`; `setAuth` changes a fixed session, as signing in or out does. */
export function renderApp(path: string, options: TestAppOptions = {}) {
  const { withProviders, ...app } = createTestApp(path, options);
  const tree = (auth: TestAppOptions['auth']) => withProviders(auth, <AppRouterProvider router={app.router} />);
  const view = render(tree(options.auth));
  return { ...view, ...app, setAuth: (auth: AuthState) => view.rerender(tree(auth)) };
}

/** `ui` inside the app (its providers and router, which loads no page of its own); resolves once it is on screen. */
export async function renderInApp(ui: ReactElement, options: TestAppOptions = {}) {
  const { withProviders, ...app } = createTestApp('/', options);
  const view = render(
    withProviders(options.auth, <RouterContextProvider router={app.router}>
      <div data-testid="rendered-under-test">{ui}</div>
    </RouterContextProvider>),
  );
  await screen.findByTestId('rendered-under-test');
  return { ...view, ...app };
}

/** A hook inside the app, as `renderInApp` renders a component. */
export function renderHookInApp<Result>(hook: () => Result, options: TestAppOptions = {}) {
  const { withProviders, ...app } = createTestApp('/', options);
  const wrapper = ({ children }: { children: ReactNode }) =>
    withProviders(options.auth, <RouterContextProvider router={app.router}>{children}</RouterContextProvider>);
  return { ...renderHook(hook, { wrapper }), ...app };
}
