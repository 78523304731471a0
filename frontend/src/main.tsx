import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { apiClient, trackEvent } from './api';
import { AppProviders } from './app/app-providers';
import { createAppRouter } from './app/create-app-router';
import { createQueryClient } from './app/create-query-client';
import { anonymousUserService } from './features/anonymous';
import { realtimeClient } from './realtime';
import { setRealtimeTokenSource } from './realtime/realtime-token-source';

void anonymousUserService.initialize();

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient, trackPageView: trackEvent });

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders
      queryClient={queryClient}
      apiClient={apiClient}
      realtimeClient={realtimeClient}
      onTokenSource={setRealtimeTokenSource}
    >
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
