import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiStub, jsonResponse } from '../../test/api-stub';
import { SETTLED_PROGRESS } from '../../test/onboarding-fixtures';
import { useAuth } from './auth-context';
import { useAuthDialog } from './auth-dialog-context';
import { renderApp, renderInApp } from '../../test/render-app';
import { identityApi, sessionAnswer, USER_ID } from './testing/session-fixtures';

const user = userEvent.setup({ delay: null });

/** Types by pasting: the forms react the same way, at a fraction of the time. */
async function fill(input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fillSignIn(email: string, password: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Log in to Ringcheck' });
  await fill(within(dialog).getByRole('textbox', { name: 'E-mail' }), email);
  await fill(within(dialog).getByLabelText(/^Password/), password);
  await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
}

describe('the live session', () => {
  it('restores a session from the refresh cookie, showing neither Login nor the menu while loading', async () => {
    let answer!: () => void;
    const api = identityApi({ signedIn: true }).on(
      'POST',
      '/api/auth/refresh/',
      () => new Promise<Response>((resolve) => (answer = () => resolve(jsonResponse(200, sessionAnswer())))),
    );
    renderApp('/faq', { auth: 'live', stub: api });

    await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /open user menu$/ })).not.toBeInTheDocument();

    act(() => answer());

    expect(await screen.findByRole('button', { name: /open user menu$/ })).toHaveTextContent('Dana');
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/auth/refresh/')[0].headers.Authorization).toBeUndefined();
  });

  it('shows Loading... on a guarded page until the session is known, then the page', async () => {
    let answer!: () => void;
    const api = identityApi({ signedIn: true })
      .on('POST', '/api/auth/refresh/', () => new Promise<Response>((resolve) => (answer = () => resolve(jsonResponse(200, sessionAnswer())))))
      .on('GET', '/api/users/onboarding-progress/', () => jsonResponse(200, SETTLED_PROGRESS));
    renderApp('/getting-started', { auth: 'live', stub: api });

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    act(() => answer());

    expect(await screen.findByText('2 of 4 steps complete')).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/users/onboarding-progress/')[0].headers.Authorization).toBe('Bearer access-1');
  });

  it('asks a visitor without a session to sign in on guarded pages', async () => {
    renderApp('/settings', { auth: 'live', stub: identityApi({ signedIn: false }) });

    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to access this page.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('signs in through the dialog, closes it and sends the new token', async () => {
    const api = identityApi({ signedIn: false })
      .on('POST', '/api/auth/sign-in/', () => jsonResponse(200, sessionAnswer('access-signed-in')))
      .on('GET', '/api/users/onboarding-progress/', () => jsonResponse(200, SETTLED_PROGRESS));
    const { router } = renderApp('/getting-started', { auth: 'live', stub: api });

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await fillSignIn(' owner@example.com ', 'correct horse battery');

    expect(await screen.findByRole('button', { name: /open user menu$/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log in to Ringcheck' })).not.toBeInTheDocument());
    expect(api.requestsTo('POST', '/api/auth/sign-in/')[0].body).toEqual({ email: 'owner@example.com', password: 'correct horse battery' });
    expect(await screen.findByText('2 of 4 steps complete')).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/users/onboarding-progress/')[0].headers.Authorization).toBe('Bearer access-signed-in');
    expect(router.state.location.pathname).toBe('/getting-started');
    expect(screen.getByText('Welcome back, Dana.')).toBeInTheDocument();
  });

  it('shows the refusal of a sign-in, and says honestly that password reset is not available', async () => {
    const api = identityApi({ signedIn: false }).on('POST', '/api/auth/sign-in/', () =>
      jsonResponse(401, { error: 'invalid_credentials', detail: 'E-mail or password is incorrect.', user_message: 'E-mail or password is incorrect.' }),
    );
    renderApp('/faq', { auth: 'live', stub: api });

    await user.click(await screen.findByRole('button', { name: 'Login' }));
    await fillSignIn('owner@example.com', 'wrong password');

    // In the dialog: the page behind it (the FAQ) may show an alert of its own.
    expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent('E-mail or password is incorrect.');
    expect(screen.queryByRole('button', { name: /open user menu$/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByText('Password reset is not available yet')).toBeInTheDocument();
  });

  it('checks the sign-up form here, then shows the server field errors under their inputs', async () => {
    const api = identityApi({ signedIn: false }).on('POST', '/api/auth/sign-up/', () =>
      jsonResponse(409, { error: 'email_taken', detail: 'An account with this e-mail already exists.', fields: { email: ['An account with this e-mail already exists.'] } }),
    );
    renderApp('/faq', { auth: 'live', stub: api });

    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create your Ringcheck account' });
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    const password = within(dialog).getByLabelText(/^Password/);
    await fill(email, 'owner');
    await fill(password, 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    expect(within(dialog).getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be 10 to 200 characters long')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/auth/sign-up/')).toHaveLength(0);

    await fill(email, '@example.com');
    expect(within(dialog).queryByText('Enter a valid e-mail address')).not.toBeInTheDocument();
    await fill(password, ' and longer');
    await fill(within(dialog).getByRole('textbox', { name: 'First name' }), 'Dana');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    expect(await within(dialog).findByText('An account with this e-mail already exists.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('POST', '/api/auth/sign-up/')[0].body).toEqual({
      email: 'owner@example.com',
      password: 'short and longer',
      first_name: 'Dana',
    });
  });

  it('after signing up from Get Started lands on the checklist and records the conversion', async () => {
    const api = identityApi({ signedIn: false })
      .on('POST', '/api/auth/sign-up/', () => jsonResponse(201, sessionAnswer('access-new', { created_at: new Date().toISOString() })))
      .on('GET', '/api/users/onboarding-progress/', () => jsonResponse(200, { ...SETTLED_PROGRESS, completedSteps: [], isFirstTimeUser: true }));
    const { router } = renderApp('/faq', { auth: 'live', stub: api });

    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create your Ringcheck account' });
    await fill(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'new@example.com');
    await fill(within(dialog).getByLabelText(/^Password/), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/getting-started'));
    await waitFor(() => expect(api.trackedEvents().map((event) => event.name)).toContain('conversion_completed'));
    // Page views, and the FAQ page's content errors (its content service is not stubbed here), aside.
    const messages = api.analyticsMessages().filter((message) => message.type !== 'page' && message.event !== 'Error Occurred');
    expect(messages.map((message) => message.event ?? message.type)).toEqual([
      'CTA Clicked',
      'identify',
      'User Signed Up',
      'Funnel Step',
      'conversion_completed',
    ]);
    expect(messages[0].properties).toEqual({ ctaName: 'Get Started', ctaLocation: 'header', destination: 'sign-up' });
    expect(messages[4].properties).toMatchObject({ source: 'header_get_started', redirect_url: '/getting-started' });
  });

  it('signs out from the user menu and goes to /', async () => {
    const api = identityApi({ signedIn: true }).on('GET', '/api/users/onboarding-progress/', () => jsonResponse(200, SETTLED_PROGRESS));
    const { router } = renderApp('/help', { auth: 'live', stub: api });

    await user.click(await screen.findByRole('button', { name: /open user menu$/ }));
    await waitFor(() => expect(window.localStorage.getItem('rc_analytics_user_id')).toBe(USER_ID));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(api.calls()).toContain('POST /api/auth/sign-out/');
    // Analytics forgets the user.
    expect(window.localStorage.getItem('rc_analytics_user_id')).toBeNull();
    expect(window.localStorage.getItem('rc_known_user')).toBeNull();
  });

  it('is degraded while the API is unreachable and a user was known here', async () => {
    window.localStorage.setItem('rc_known_user', JSON.stringify({ id: USER_ID, email: 'owner@example.com', firstName: 'Dana' }));
    const api = identityApi({ signedIn: true }).on('POST', '/api/auth/refresh/', () => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/help', { auth: 'live', stub: api });

    expect(await screen.findByText('Ringcheck cannot be reached right now')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /open user menu$/ })).toHaveTextContent('Dana');
  });

  it('refreshes an expired token once and retries the request', async () => {
    const api = identityApi({ signedIn: true })
      .on('POST', '/api/auth/refresh/', () => jsonResponse(200, sessionAnswer('access-1')), () => jsonResponse(200, sessionAnswer('access-2')))
      .on(
        'GET',
        '/api/users/onboarding-progress/',
        () => jsonResponse(401, { error: 'token_expired', detail: 'The access token has expired.' }),
        () => jsonResponse(200, SETTLED_PROGRESS),
      );
    renderApp('/getting-started', { auth: 'live', stub: api });

    expect(await screen.findByText('2 of 4 steps complete')).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/users/onboarding-progress/').map((r) => r.headers.Authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });
});

function SessionProbe() {
  const auth = useAuth();
  const dialog = useAuthDialog();
  return (
    <>
      <p>status: {auth.status}</p>
      <button type="button" onClick={() => dialog.open('sign-in')}>
        Open sign-in
      </button>
    </>
  );
}

function renderSession(api: ApiStub, loadClerk: () => Promise<never>) {
  return renderInApp(<SessionProbe />, { auth: 'live', stub: api, loadClerk });
}

describe('the hosted provider', () => {
  it('is in error, with the dialog saying so, when its code cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = new ApiStub().on('GET', '/api/auth/config/', () => jsonResponse(200, { provider: 'clerk', clerk_publishable_key: 'pk_test_x' }));
    const loadClerk = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    renderSession(api, loadClerk);

    expect(await screen.findByText('status: error')).toBeInTheDocument();
    expect(loadClerk).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Open sign-in' }));
    expect(await screen.findByText('Sign-in is unavailable right now')).toBeInTheDocument();
    expect(screen.getByText(/could not be loaded/)).toBeInTheDocument();
    expect(api.calls()).toEqual(['GET /api/auth/config/']);
  });

  it('is in error when the server names the hosted provider without a key, and loads nothing', async () => {
    const api = new ApiStub().on('GET', '/api/auth/config/', () => jsonResponse(200, { provider: 'clerk', issuer: 'https://id.example.com' }));
    const loadClerk = vi.fn(() => Promise.reject(new Error('not expected')));
    renderSession(api, loadClerk);

    expect(await screen.findByText('status: error')).toBeInTheDocument();
    expect(loadClerk).not.toHaveBeenCalled();
  });

  it('is in error with sign-in unavailable while the server cannot be reached and nobody was known', async () => {
    const api = new ApiStub().on('GET', '/api/auth/config/', () => Promise.reject(new TypeError('Failed to fetch')));
    renderSession(api, () => Promise.reject(new Error('not expected')));

    expect(await screen.findByText('status: error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open sign-in' }));
    expect(await screen.findByText(/could not be reached/)).toBeInTheDocument();
  });
});
