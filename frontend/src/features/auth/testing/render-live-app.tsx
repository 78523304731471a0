import { createMemoryHistory } from '@tanstack/react-router';
import { RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { AppProviders } from '../../../app/app-providers';
import { createAppRouter } from '../../../app/create-app-router';
import { createQueryClient } from '../../../app/create-query-client';
import type { ApiStub } from '../../../test/api-stub';
import { MemoryRealtimeServer } from '../../../test/memory-realtime';

/** The whole app at `path` with the live session, talking to `api`. */
export function renderLiveApp(path: string, api: ApiStub) {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, trackPageView: async () => ({ recorded: true }) }, createMemoryHistory({ initialEntries: [path] }));
  const client = api.client();
  const view = render(
    <AppProviders queryClient={queryClient} apiClient={client} realtimeClient={new MemoryRealtimeServer().createClient()} env="test" liveSession>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, client, queryClient };
}
