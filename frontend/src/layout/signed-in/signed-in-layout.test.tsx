import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../features/auth/auth-context';
import { ApiStub, jsonResponse } from '../../test/api-stub';
import { SETTLED_PROGRESS } from '../../test/onboarding-fixtures';
import { renderApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });

const signedIn = (firstName: string, signOut = vi.fn()): AuthState & { signOut: typeof signOut } => ({
  status: 'ready',
  user: { id: 'user_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', email: 'owner@example.com', firstName },
  origin: 'restore',
  getToken: async () => 'token-1',
  refreshToken: async () => 'token-1',
  signOut,
});

function openHelp(firstName = 'Dana') {
  window.localStorage.setItem('rc_analytics_user_id', 'user_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b');
  const api = new ApiStub().on('GET', '/api/users/onboarding-progress/', () => jsonResponse(200, SETTLED_PROGRESS));
  return renderApp('/help', { auth: signedIn(firstName), stub: api });
}

afterEach(() => {
  document.cookie = 'sidebar:state=; path=/; max-age=0';
});

describe('the signed-in layout', () => {
  it('shows the first name, or User, and the e-mail in the sidebar footer menu', async () => {
    openHelp('  ');
    const aside = await screen.findByRole('complementary', { name: 'Sidebar' });
    const account = within(aside).getByRole('button', { name: /Account menu$/ });
    expect(account).toHaveTextContent('User');
    expect(account).toHaveTextContent('owner@example.com');

    await user.click(account);
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Help & Support' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('signs out from the sidebar menu and goes to /', async () => {
    const { router } = openHelp();
    const aside = await screen.findByRole('complementary', { name: 'Sidebar' });

    await user.click(within(aside).getByRole('button', { name: /Account menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('collapses with its button or Ctrl+B, keeping the state in the sidebar:state cookie', async () => {
    openHelp();
    const aside = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(aside).not.toHaveAttribute('data-collapsed');

    await user.click(within(aside).getByRole('button', { name: 'Toggle sidebar' }));
    expect(aside).toHaveAttribute('data-collapsed');
    expect(document.cookie).toContain('sidebar:state=false');
    expect(within(aside).getByRole('link', { name: 'Help & Support' })).toBeInTheDocument();

    fireEvent.keyDown(document.documentElement, { key: 'b', code: 'KeyB', ctrlKey: true });
    expect(aside).not.toHaveAttribute('data-collapsed');
    expect(document.cookie).toContain('sidebar:state=true');
  });

  it('opens the sidebar as a slide-in panel from the Menu button', async () => {
    openHelp();
    await user.click(await screen.findByRole('button', { name: 'Menu' }));

    const panel = await screen.findByRole('dialog', { name: 'Sidebar' });
    expect(within(panel).getByRole('navigation', { name: 'Account' })).toHaveTextContent('Getting StartedMy CallsMy LocationsExploreSettingsHelp & Support');
    expect(within(panel).getByRole('button', { name: /Account menu$/ })).toHaveTextContent('Dana');
  });

  it('shows the breadcrumbs of /upgrade under Home', async () => {
    window.localStorage.setItem('rc_analytics_user_id', 'user_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b');
    renderApp('/upgrade', { auth: signedIn('Dana') });
    const crumbs = await screen.findByRole('link', { name: 'Home' });
    expect(crumbs).toHaveAttribute('href', '/getting-started');
    expect(within(screen.getByRole('main')).getAllByText('Upgrade').length).toBeGreaterThan(0);
  });

  it('starts the tab order with a skip link to the page content, past the header and the sidebar', async () => {
    openHelp();
    const aside = await screen.findByRole('complementary', { name: 'Sidebar' });
    const main = screen.getByRole('main');
    // One main landmark, with the sidebar beside it rather than inside.
    expect(main).not.toContainElement(aside);
    expect(within(main).getByRole('heading', { level: 1 })).toBeInTheDocument();

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(main).toHaveFocus();

    await user.tab();
    expect(main).toContainElement(document.activeElement as HTMLElement);
  });

  it('says whether the sidebar is expanded on its toggle', async () => {
    openHelp();
    const toggle = await screen.findByRole('button', { name: 'Toggle sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
