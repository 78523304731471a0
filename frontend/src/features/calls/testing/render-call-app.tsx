import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type { Call } from '../../../api/calls-api';
import { AppProviders } from '../../../app/app-providers';
import { createAppRouter } from '../../../app/create-app-router';
import { createQueryClient } from '../../../app/create-query-client';
import { type AuthState, signedOutAuth } from '../../auth/auth-context';
import { ApiStub } from '../../../test/api-stub';
import { MemoryRealtimeServer } from '../../../test/memory-realtime';
import { CALL_ID, CALL_ROOM } from './call-fixtures';

export const OWNER: AuthState = {
  ...signedOutAuth,
  user: { id: 'user_baa5a93e-e75f-4b73-8761-9d8a3f3706da', email: 'owner@example.com', firstName: 'Sam' },
  getToken: async () => 'owner-token',
  refreshToken: async () => 'owner-token',
};

/**
 * The whole app at `path` over a stubbed API and an in-memory realtime server, with the session
 * changeable afterwards (sign-in and sign-out without a reload).
 */
export function renderCallApp(path: string, options: { auth?: AuthState; stub?: ApiStub; server?: MemoryRealtimeServer } = {}) {
  const stub = options.stub ?? new ApiStub();
  const server = options.server ?? new MemoryRealtimeServer();
  const api = stub.client();
  const realtime = server.createClient();
  const queryClient = createQueryClient();
  const router = createAppRouter(
    { queryClient, trackPageView: async () => ({ recorded: true }) },
    createMemoryHistory({ initialEntries: [path] }),
  );
  const tree = (auth: AuthState) => (
    <AppProviders queryClient={queryClient} auth={auth} apiClient={api} realtimeClient={realtime} env="test">
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(tree(options.auth ?? signedOutAuth));
  let position = 0;

  return {
    ...view,
    stub,
    server,
    router,
    /** Changes the session, as signing in or out does. */
    setAuth: (auth: AuthState) => view.rerender(tree(auth)),
    /** Pushes a view of the call to its room, as the server does on every change. */
    publish: async (call: Call, room = CALL_ROOM) => {
      position += 1;
      await act(async () => {
        server.publish({ room, position, projection: 'calls', documentId: call.id ?? CALL_ID, document: call as never });
      });
    },
  };
}
