import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthState } from '../features/auth/auth-context';
import { renderApp } from '../test/render-app';

const signedIn: AuthState = {
  status: 'ready',
  origin: 'restore',
  user: { id: 'user_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', email: 'owner@example.com', firstName: 'Dana' },
  getToken: async () => 'token',
  refreshToken: async () => 'token',
};

describe('SiteHeader', () => {
  it('links the logo home and lists the navigation in the spec order', async () => {
    renderApp('/faq');
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Product', '/#product'],
      ['Pricing', '/pricing'],
      ['How It Works', '/#how-it-works'],
      ['FAQ', '/faq'],
      ['Changelog', '/#changelog'],
    ]);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Ringcheck home' })).toHaveAttribute('href', '/');
  });

  it('shows Login and Get Started to signed-out visitors, opening the sign-in and sign-up dialog', async () => {
    renderApp('/pricing');
    const login = await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByRole('button', { name: /open user menu$/ })).not.toBeInTheDocument();

    await userEvent.click(login);
    const signIn = await screen.findByRole('dialog', { name: 'Log in to Ringcheck' });
    expect(within(signIn).getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    expect(within(signIn).getByRole('textbox', { name: 'E-mail' })).toBeInTheDocument();
    await userEvent.click(within(signIn).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    const signUp = await screen.findByRole('dialog', { name: 'Create your Ringcheck account' });
    expect(within(signUp).getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true');
    expect(within(signUp).getByRole('textbox', { name: 'First name' })).toBeInTheDocument();
    expect(window.localStorage.getItem('post_signup_redirect')).toBe('/getting-started');
  });

  it('shows neither Login nor the user menu while the session is loading', async () => {
    renderApp('/pricing', { auth: { ...signedIn, status: 'loading', user: null } });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /open user menu$/ })).not.toBeInTheDocument();
  });

  it('hides Login and Get Started and shows the user menu when signed in', async () => {
    renderApp('/pricing', { auth: signedIn });
    expect(await screen.findByRole('button', { name: /open user menu$/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get Started' })).not.toBeInTheDocument();
  });

  it('lets a keyboard user skip the header to the page content', async () => {
    renderApp('/faq');
    await screen.findByRole('navigation', { name: 'Main' });

    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('opens the mobile menu with the same navigation', async () => {
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Toggle navigation' }));

    const mobileNav = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(within(mobileNav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Product',
      'Pricing',
      'How It Works',
      'FAQ',
      'Changelog',
    ]);
  });

  it('takes an anchor link from another page to the home page section', async () => {
    const { router } = renderApp('/faq');
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    await userEvent.click(within(nav).getByRole('link', { name: 'How It Works' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.hash).toBe('how-it-works');
    expect(await screen.findByRole('tablist', { name: 'How it works steps' })).toBeInTheDocument();
  });
});
