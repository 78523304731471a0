import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Plan, PlanUsage } from '../../../api/plans-api';
import { ApiStub, jsonResponse } from '../../../test/api-stub';
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

// The server words each plan's lines from its configured limits; the page shows them as they come.
const FREE: Plan = { id: 'free', name: 'Free', price_per_month: 0, limits: { locations: 1, test_calls_per_month: 5 }, features: ['1 location', '5 test calls per month', 'Basic analysis', 'Email support'] };
const PRO: Plan = { id: 'pro', name: 'Pro', price_per_month: 29, limits: { locations: 5, test_calls_per_month: null }, features: ['Up to 5 locations', 'Unlimited test calls', 'Weekly checkups', 'Competitor analysis'] };
const ENTERPRISE: Plan = {
  id: 'enterprise',
  name: 'Enterprise',
  price_per_month: 99,
  limits: { locations: null, test_calls_per_month: null },
  features: ['Unlimited locations', 'Unlimited test calls', 'Daily checkups', 'Everything in Pro'],
};

const usage = (overrides: Partial<PlanUsage> = {}): PlanUsage => ({
  plan: FREE,
  plans: [FREE, PRO, ENTERPRISE],
  premium_access: false,
  usage: { month: '2026-11', test_calls: 3, locations: 1, resets_at: '2026-12-01T00:00:00.000Z' },
  ...overrides,
});

const PLAN = '/api/users/plan/';

function open(path: string, answer: () => Response = () => jsonResponse(200, usage())) {
  window.localStorage.setItem('rc_analytics_user_id', signedIn.user!.id);
  const stub = new ApiStub().on('GET', PLAN, answer);
  return renderApp(path, { auth: signedIn, stub });
}

const planCards = async () => {
  await screen.findByRole('heading', { name: /Your plan:/ });
  return screen.getAllByRole('article');
};

describe('/upgrade', () => {
  it('compares Free, Pro and Enterprise with their prices and what each includes', async () => {
    open('/upgrade');

    const plans = await planCards();
    expect(plans.map((plan) => plan.getAttribute('aria-label'))).toEqual(['Free plan', 'Pro plan', 'Enterprise plan']);
    const [free, pro, enterprise] = plans;
    expect(within(free).getByText('$0')).toBeInTheDocument();
    expect(
      within(free)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 location', '5 test calls per month', 'Basic analysis', 'Email support']);
    expect(within(free).getByText('Current plan')).toBeInTheDocument();
    expect(within(free).getByRole('button', { name: 'Your plan' })).toBeDisabled();
    expect(within(pro).getByText('$29')).toBeInTheDocument();
    expect(
      within(pro)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Up to 5 locations', 'Unlimited test calls', 'Weekly checkups', 'Competitor analysis']);
    expect(within(enterprise).getByText('$99')).toBeInTheDocument();
    expect(within(enterprise).getByText('Unlimited locations')).toBeInTheDocument();
    expect(within(enterprise).getByText('Daily checkups')).toBeInTheDocument();
  });

  it('shows the user’s plan and this month’s usage, and when the test calls reset', async () => {
    open('/upgrade');

    const card = (await screen.findByRole('heading', { name: 'Your plan: Free' })).closest('section')!;
    expect(within(card).getByText('3 of 5 test calls used this month')).toBeInTheDocument();
    expect(within(card).getByText('1 of 1 location')).toBeInTheDocument();
    // The reset is the first instant of the next month in UTC, whatever the visitor's time zone.
    expect(within(card).getByText('Test calls reset on December 1')).toBeInTheDocument();
    expect(screen.getAllByRole('heading').map((heading) => [heading.tagName, heading.textContent])).toEqual([
      ['H1', 'Upgrade'],
      ['H2', 'Your plan: Free'],
      ['H2', 'Free'],
      ['H2', 'Pro'],
      ['H2', 'Enterprise'],
    ]);
  });

  it('takes the limits from the server’s configuration', async () => {
    const generousFree = { ...FREE, limits: { locations: 3, test_calls_per_month: 20 }, features: ['Up to 3 locations', '20 test calls per month'] };
    open('/upgrade', () => jsonResponse(200, usage({ plan: PRO, plans: [generousFree, PRO, ENTERPRISE] })));

    await screen.findByRole('heading', { name: 'Your plan: Pro' });
    expect(screen.getByText('3 test calls this month (unlimited)')).toBeInTheDocument();
    expect(screen.getByText('1 of 5 locations')).toBeInTheDocument();
    const [free, pro, enterprise] = screen.getAllByRole('article');
    expect(within(free).getByText('Up to 3 locations')).toBeInTheDocument();
    expect(within(free).getByText('20 test calls per month')).toBeInTheDocument();
    expect(within(free).queryByRole('button')).not.toBeInTheDocument();
    expect(within(pro).getByText('Current plan')).toBeInTheDocument();
    expect(within(enterprise).getByRole('button', { name: 'Upgrade to Enterprise' })).toBeEnabled();
  });

  it('says so when the plans cannot be read', async () => {
    open('/upgrade', () => jsonResponse(404, { detail: 'Not found' }));

    expect(await screen.findByText('Your plan and usage could not be loaded')).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toEqual([]);
  });

  it.each([
    ['weekly-checkups', 'Weekly checkups are part of Pro'],
    ['competitor-analysis', 'Competitor analysis is part of Pro'],
    ['test-calls', "You've used this month's test calls"],
    ['locations', 'Follow more than one business'],
  ])('explains the feature the visitor came for (%s)', async (feature, title) => {
    open(`/upgrade?feature=${feature}`);
    expect(await screen.findByText(title)).toBeInTheDocument();
  });

  it('says payment is not available yet instead of charging', async () => {
    open('/upgrade?feature=weekly-checkups');
    await planCards();

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));

    const notice = await screen.findByRole('alert', { name: 'Payment is not available yet' });
    expect(notice).toHaveTextContent('Payment is not available yet');
    expect(notice).toHaveTextContent('Upgrading to Pro opens soon. Nothing has been charged and your account stays on the Free plan.');
  });

  it('goes back where the visitor came from', async () => {
    const { router } = open('/help');
    await screen.findByRole('heading', { name: 'Help & Support' });
    await router.navigate({ to: '/upgrade', search: { feature: 'competitor-analysis' } });

    await user.click(await screen.findByRole('button', { name: 'Back' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
  });
});
