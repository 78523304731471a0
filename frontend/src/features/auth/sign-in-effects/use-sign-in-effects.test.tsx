import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/api-stub';
import { renderInApp } from '../../../test/render-app';
import { useAuthActions } from '../auth-actions-context';
import { useAuth } from '../auth-context';
import { identityApi, sessionAnswer } from '../testing/session-fixtures';
import { useSignInEffects } from './use-sign-in-effects';

const ANON_ID = 'anon_0b6f4c1e-6a36-4d0e-9b8e-2f0a1c2d3e4f';

function Probe() {
  const { user, status } = useAuth();
  const { signIn } = useAuthActions();
  let fetches = 0;
  const { data } = useQuery({ queryKey: ['probe'], queryFn: () => ++fetches + Math.random() });
  return (
    <>
      <p>{user ? `signed in as ${user.firstName}` : status === 'loading' ? 'loading' : 'signed out'}</p>
      <p data-testid="probe">{String(data)}</p>
      <button type="button" onClick={() => void signIn({ email: 'owner@example.com', password: 'correct horse battery' })}>
        Sign in now
      </button>
    </>
  );
}

/** The probe with the sign-in effects running, as the root layout runs them. */
function WithEffects() {
  useSignInEffects();
  return <Probe />;
}

function renderWithEffects(api: ReturnType<typeof identityApi>) {
  return renderInApp(<WithEffects />, { auth: 'live', stub: api });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useSignInEffects', () => {
  it('refetches what was loaded for the visitor once a user signs in', async () => {
    const api = identityApi({ signedIn: false }).on('POST', '/api/auth/sign-in/', () => jsonResponse(200, sessionAnswer()));
    renderWithEffects(api);
    await screen.findByText('signed out');
    const before = screen.getByTestId('probe').textContent;
    expect(before).not.toBe('undefined');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in now' }));

    expect(await screen.findByText('signed in as Dana')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('probe').textContent).not.toBe(before));
  });

  it('links the anonymous visitor 2 s after the sign-in and says what moved, for 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem('anon_id', ANON_ID);
    const api = identityApi({ signedIn: false })
      .on('POST', '/api/auth/sign-in/', () => jsonResponse(200, sessionAnswer()))
      .on('POST', '/api/users/link-anonymous/', () =>
        jsonResponse(200, {
          success: true,
          already_linked: false,
          new_data_migrated: true,
          migration_stats: { total_objects: 2, business_discoveries: 1, calls: 1 },
          profiles_linked: 1,
          profiles_failed: 0,
          total_migration_stats: { total_objects: 2, business_discoveries: 1, calls: 1 },
        }),
      );
    renderWithEffects(api);
    await screen.findByText('signed out');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in now' }));
    await screen.findByText('signed in as Dana');
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(api.requestsTo('POST', '/api/users/link-anonymous/')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(600));

    expect(await screen.findByText('Your earlier 1 search and 1 call from this browser are now in your account.')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/users/link-anonymous/')[0].body).toEqual({ anon_id: ANON_ID, conversion_source: 'signin' });
    expect(api.analyticsMessages().map((message) => message.event ?? message.type)).toEqual(['identify', 'User Logged In']);
  });
});
