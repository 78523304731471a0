import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiStub, jsonResponse } from '../../../test/api-stub';
import { SETTLED_PROGRESS } from '../../../test/onboarding-fixtures';
import { renderApp } from '../../../test/render-app';
import { type AuthState, signedOutAuth } from '../auth-context';

const signedIn: AuthState = {
  ...signedOutAuth,
  user: { id: 'user_00000000-0000-4000-8000-000000000001', email: 'sam@example.com', firstName: '' },
};

describe('guarded routes', () => {
  it('show Loading... until the session is known', async () => {
    renderApp('/settings', { auth: { ...signedOutAuth, status: 'loading' } });

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Authentication Required')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it.each(['/calls', '/getting-started', '/locations', '/explore', '/upgrade', '/settings', '/help', '/call/call_1/analysis'])(
    '%s sends signed-out visitors to sign in, and asks nothing of the API',
    async (path) => {
      const stub = new ApiStub();
      const { router } = renderApp(path, { stub });

      expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
      expect(screen.getByText('Please sign in to access this page.')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/sign-in');
      expect(router.state.location.search).toEqual({ redirect: path });
      expect(stub.calls()).toEqual([]);
    },
  );

  it('bring the visitor back to the page once signed in', async () => {
    const stub = new ApiStub().on('GET', '/api/users/onboarding-progress/', () => jsonResponse(200, SETTLED_PROGRESS));
    const app = renderApp('/getting-started', { stub });
    await screen.findByText('Authentication Required');

    app.setAuth(signedIn);

    expect(await screen.findByText('2 of 4 steps complete')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/getting-started');
  });

  it('send a signed-out visitor on to sign in when the session ends', async () => {
    const app = renderApp('/help', { auth: signedIn });
    await screen.findByRole('heading', { name: 'Help & Support' });

    app.setAuth(signedOutAuth);

    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(app.router.state.location.href).toBe('/sign-in?redirect=%2Fhelp');
  });

  it('open the Login dialog from the sign-in page', async () => {
    renderApp('/calls');

    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('dialog', { name: 'Log in to Ringcheck' })).toBeInTheDocument();
  });

  it('render inside the signed-in layout with sidebar and breadcrumbs', async () => {
    renderApp('/call/call_1/analysis', { auth: signedIn });
    expect(await screen.findByRole('heading', { name: 'Call Analysis' })).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Account' });
    expect(sidebar).toHaveTextContent('Getting StartedMy CallsMy LocationsExploreSettingsHelp & Support');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/getting-started');
    expect(screen.getByText('Call Details')).toBeInTheDocument();
    const aside = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(within(aside).getByText('User')).toBeInTheDocument();
    expect(within(aside).getByText('sam@example.com')).toBeInTheDocument();
  });
});

describe('/sign-in', () => {
  it('sends a signed-in visitor on to the page they came for', async () => {
    const { router } = renderApp('/sign-in?redirect=%2Fhelp', { auth: signedIn });
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
  });

  it.each(['https://evil.example/', '//evil.example/x', 'help'])('sends a signed-in visitor to the checklist instead of %s', async (target) => {
    const stub = new ApiStub().on('GET', '/api/users/onboarding-progress/', () => jsonResponse(200, SETTLED_PROGRESS));
    const { router } = renderApp(`/sign-in?redirect=${encodeURIComponent(target)}`, { auth: signedIn, stub });
    await waitFor(() => expect(router.state.location.pathname).toBe('/getting-started'));
  });
});
