import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import type { AuthState } from '../../auth/auth-context';

const user = userEvent.setup({ delay: null });
const signedIn: AuthState = {
  status: 'ready',
  user: { id: 'user_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', email: 'owner@example.com', firstName: 'Dana' },
  origin: 'restore',
  getToken: async () => 'token-1',
  refreshToken: async () => 'token-1',
};

function open(path: string) {
  window.localStorage.setItem('rc_analytics_user_id', signedIn.user!.id);
  return renderApp(path, { auth: signedIn });
}

describe('/upgrade', () => {
  it('compares Free, Pro and Enterprise with their prices and what each includes', async () => {
    open('/upgrade');

    const plans = await screen.findAllByRole('article');
    expect(plans.map((plan) => plan.getAttribute('aria-label'))).toEqual(['Free plan', 'Pro plan', 'Enterprise plan']);
    const [free, pro, enterprise] = plans;
    expect(within(free).getByText('$0')).toBeInTheDocument();
    expect(within(free).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1 location',
      '5 test calls per month',
      'Basic analysis',
      'Email support',
    ]);
    expect(within(free).getByText('Current plan')).toBeInTheDocument();
    expect(within(pro).getByText('$29')).toBeInTheDocument();
    expect(within(pro).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Up to 5 locations',
      'Unlimited test calls',
      'Weekly checkups',
      'Competitor analysis',
    ]);
    expect(within(enterprise).getByText('$99')).toBeInTheDocument();
    expect(within(enterprise).getByText('Unlimited locations')).toBeInTheDocument();
    expect(within(enterprise).getByText('Daily checkups')).toBeInTheDocument();
  });

  it.each([
    ['weekly-checkups', 'Weekly checkups are part of Pro'],
    ['competitor-analysis', 'Competitor analysis is part of Pro'],
  ])('explains the feature the visitor came for (%s)', async (feature, title) => {
    open(`/upgrade?feature=${feature}`);
    expect(await screen.findByText(title)).toBeInTheDocument();
  });

  it('says payment is not available yet instead of charging', async () => {
    open('/upgrade?feature=weekly-checkups');

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));

    const notice = await screen.findByRole('alert', { name: 'Payment is not available yet' });
    expect(notice).toHaveTextContent('Payment is not available yet');
    expect(notice).toHaveTextContent('Upgrading to Pro opens soon. Nothing has been charged');
  });

  it('goes back where the visitor came from', async () => {
    const { router } = open('/help');
    await screen.findByRole('heading', { name: 'Help & Support' });
    await router.navigate({ to: '/upgrade', search: { feature: 'competitor-analysis' } });

    await user.click(await screen.findByRole('button', { name: 'Back' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
  });
});
