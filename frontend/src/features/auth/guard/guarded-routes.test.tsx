import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, renderWithProviders } from '../../test/render-with-providers';
import { type AuthState, signedOutAuth } from './auth-context';
import { AuthGuard } from './auth-guard';

const signedIn: AuthState = {
  ...signedOutAuth,
  user: { id: 'user_00000000-0000-4000-8000-000000000001', email: 'sam@example.com', firstName: '' },
};

describe('AuthGuard', () => {
  it('shows Loading... until authentication has loaded', async () => {
    await renderWithProviders(<AuthGuard>secret</AuthGuard>, { auth: { ...signedOutAuth, status: 'loading' } });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });

  it('asks signed-out visitors to sign in', async () => {
    await renderWithProviders(<AuthGuard>secret</AuthGuard>);
    expect(screen.getByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to access this page.')).toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });

  it('shows a custom fallback instead when given one', async () => {
    await renderWithProviders(<AuthGuard fallback={<p>Sign in for your calls</p>}>secret</AuthGuard>);
    expect(screen.getByText('Sign in for your calls')).toBeInTheDocument();
    expect(screen.queryByText('Authentication Required')).not.toBeInTheDocument();
  });

  it('renders its children for a signed-in user', async () => {
    await renderWithProviders(<AuthGuard>secret</AuthGuard>, { auth: signedIn });
    expect(screen.getByText('secret')).toBeInTheDocument();
  });
});

describe('guarded routes', () => {
  it.each(['/calls', '/getting-started', '/locations', '/explore', '/upgrade', '/settings', '/help', '/call/call_1/analysis'])(
    '%s asks signed-out visitors to sign in',
    async (path) => {
      renderApp(path);
      expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    },
  );

  it('renders inside the signed-in layout with sidebar and breadcrumbs', async () => {
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
