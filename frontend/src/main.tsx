// Mantine's base styles; each component's own stylesheet comes with it (build/mantine-component-styles.ts).
// Its CSS variables are not among them: MantineProvider writes them all into the page
// (deduplicateCssVariables off), from the theme code the first page loads anyway.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { analyticsApi, apiClient } from './api';
import { createResourceApis } from './api/resource-apis';
import { AppProviders } from './app/app-providers';
import { AppRouterProvider } from './app/app-router-provider';
import { createAppRouter } from './app/create-app-router';
import { createQueryClient } from './app/create-query-client';
import { SessionGate } from './app/session-gate';
import { anonymousUserService } from './features/anonymous';
import { ConsentControl, consentStore } from './features/consent';
import { productAnalytics } from './features/tracking';
import { realtimeClient } from './realtime';
import { setRealtimeTokenSource } from './realtime/realtime-token-source';

void anonymousUserService.initialize();

const queryClient = createQueryClient();
const apis = createResourceApis(apiClient);
const router = createAppRouter({
  queryClient,
  apis,
  realtime: realtimeClient,
  session: new SessionGate(),
  analytics: productAnalytics,
  consent: new ConsentControl({
    store: consentStore,
    record: analyticsApi.gdprConsent,
    onGranted: () => void anonymousUserService.consentGranted(),
  }),
});

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} apiClient={apiClient} onTokenSource={setRealtimeTokenSource}>
      <AppRouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
