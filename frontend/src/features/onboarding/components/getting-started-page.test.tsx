import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OnboardingProgress } from '../../../api/users-api';
import { ApiStub, jsonResponse } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import type { AuthState } from '../../auth/auth-context';

const user = userEvent.setup({ delay: null });
const PROGRESS = '/api/users/onboarding-progress/';

const signedIn: AuthState = {
  status: 'ready',
  user: { id: 'user_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', email: 'owner@example.com', firstName: 'Dana' },
  origin: 'restore',
  getToken: async () => 'token-1',
  refreshToken: async () => 'token-1',
};

const progress = (overrides: Partial<OnboardingProgress> = {}): OnboardingProgress => ({
  completedSteps: [],
  currentStep: 'first-call-checkup',
  isFirstTimeUser: true,
  hasCompletedCall: false,
  hasCompletedDiscovery: false,
  lastUpdated: null,
  ...overrides,
});

// The sign-in effects of a signed-in render identify the user; the identity is kept per browser.
const identified = () => window.localStorage.setItem('rc_analytics_user_id', signedIn.user!.id);

function open(path: string, api: ApiStub) {
  identified();
  return renderApp(path, { auth: signedIn, stub: api });
}

describe('/getting-started', () => {
  it('shows the checklist of 4 steps with the progress, the next step and its actions', async () => {
    const api = new ApiStub().on('GET', PROGRESS, () => jsonResponse(200, progress({ completedSteps: ['first-call-checkup'], currentStep: 'add-location' })));
    open('/getting-started', api);

    expect(await screen.findByText('1 of 4 steps complete')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Getting started progress' })).toHaveAttribute('aria-valuenow', '25');
    const steps = within(screen.getByRole('list', { name: 'Getting started checklist' })).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('aria-label'))).toEqual([
      'Run your first call checkup',
      'Add your business location',
      'Turn on weekly checkups',
      'Compare with competitors',
    ]);
    expect(within(steps[0]).getByLabelText('Done')).toBeInTheDocument();
    expect(within(steps[1]).getByText('Next step')).toBeInTheDocument();
    expect(within(steps[1]).getByRole('link', { name: 'Find your business' })).toHaveAttribute('href', '/explore');
    expect(within(steps[2]).getByText('Pro')).toBeInTheDocument();
    expect(within(steps[2]).getByRole('link', { name: 'See Pro plans' })).toHaveAttribute('href', '/upgrade?feature=weekly-checkups');
    expect(within(steps[3]).getByRole('link', { name: 'See Pro plans' })).toHaveAttribute('href', '/upgrade?feature=competitor-analysis');
    expect(screen.queryByText('Congratulations')).not.toBeInTheDocument();
  });

  it('links the first step to the onboarding variant of home', async () => {
    open('/getting-started', new ApiStub().on('GET', PROGRESS, () => jsonResponse(200, progress())));

    const first = await screen.findByRole('listitem', { name: 'Run your first call checkup' });
    expect(within(first).getByRole('link', { name: 'Start checkup' })).toHaveAttribute('href', '/?onboarding=first-call');
  });

  it('Help me decide suggests the next step', async () => {
    open('/getting-started', new ApiStub().on('GET', PROGRESS, () => jsonResponse(200, progress({ currentStep: 'weekly-checkups', completedSteps: ['first-call-checkup', 'add-location'] }))));

    await user.click(await screen.findByRole('button', { name: 'Help me decide' }));

    expect(await screen.findByText('Our suggestion: turn on weekly checkups')).toBeInTheDocument();
    expect(screen.getByText(/Weekly checkups catch a missed call/)).toBeInTheDocument();
  });

  it('marks a step done with the server and shows the progress it answers', async () => {
    const api = new ApiStub()
      .on('GET', PROGRESS, () => jsonResponse(200, progress({ completedSteps: ['first-call-checkup', 'add-location'], currentStep: 'weekly-checkups' })))
      .on('POST', PROGRESS, () => jsonResponse(200, progress({ completedSteps: ['first-call-checkup', 'add-location', 'weekly-checkups'], currentStep: 'competitor-analysis' })));
    open('/getting-started', api);

    const step = await screen.findByRole('listitem', { name: 'Turn on weekly checkups' });
    await user.click(within(step).getByRole('button', { name: 'Skip' }));

    expect(await screen.findByText('3 of 4 steps complete')).toBeInTheDocument();
    expect(api.requestsTo('POST', PROGRESS)[0]).toMatchObject({ body: { completedSteps: ['weekly-checkups'] }, headers: { Authorization: 'Bearer token-1' } });
  });

  it('leaves add-location to the server: it is done once My Locations holds a business', async () => {
    open('/getting-started', new ApiStub().on('GET', PROGRESS, () => jsonResponse(200, progress({ completedSteps: ['first-call-checkup'], currentStep: 'add-location' }))));

    const step = await screen.findByRole('listitem', { name: 'Add your business location' });
    expect(within(step).queryByRole('button', { name: 'Mark as done' })).not.toBeInTheDocument();
    expect(within(step).getByRole('link', { name: 'Find your business' })).toHaveAttribute('href', '/explore');
  });

  it('shows the Congratulations card with a link to /dashboard when every step is done', async () => {
    const all = ['first-call-checkup', 'add-location', 'weekly-checkups', 'competitor-analysis'] as const;
    open('/getting-started', new ApiStub().on('GET', PROGRESS, () => jsonResponse(200, progress({ completedSteps: [...all], currentStep: 'completed', isFirstTimeUser: false }))));

    expect(await screen.findByRole('heading', { name: 'Congratulations' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('4 of 4 steps complete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Help me decide' })).not.toBeInTheDocument();
  });

  it('says Something went wrong when the guide cannot load, and tries again', async () => {
    const api = new ApiStub().on(
      'GET',
      PROGRESS,
      () => jsonResponse(400, { detail: 'Bad request' }),
      () => jsonResponse(200, progress()),
    );
    open('/getting-started', api);

    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Unable to load your getting started guide')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('0 of 4 steps complete')).toBeInTheDocument();
  });

  it('dismisses the guide with isFirstTimeUser false and goes to My Calls', async () => {
    const api = new ApiStub()
      .on('GET', PROGRESS, () => jsonResponse(200, progress()))
      .on('POST', PROGRESS, () => jsonResponse(200, progress({ isFirstTimeUser: false })));
    const { router } = open('/getting-started', api);

    await user.click(await screen.findByRole('button', { name: 'Skip the guide for now' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/calls'));
    expect(api.requestsTo('POST', PROGRESS)[0].body).toEqual({ isFirstTimeUser: false });
  });
});

describe('the redirect from /', () => {
  it('takes a signed-in first-time user from / to /getting-started, replacing the entry', async () => {
    const { router } = open('/', new ApiStub().on('GET', PROGRESS, () => jsonResponse(200, progress())));

    await waitFor(() => expect(router.state.location.pathname).toBe('/getting-started'));
    expect(router.history.length).toBe(1);
  });

  it('leaves / alone for the onboarding variant', async () => {
    const api = new ApiStub().on('GET', PROGRESS, () => jsonResponse(200, progress()));
    const { router } = open('/?onboarding=first-call', api);

    await screen.findByRole('button', { name: 'Find my business' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/');
  });

  it('leaves / alone for New Call and Try Again from My Calls, with the business name focused', async () => {
    const api = new ApiStub().on('GET', PROGRESS, () => jsonResponse(200, progress()));
    const { router } = open('/?action=new-call', api);

    await waitFor(() => expect(screen.getByLabelText('Business name')).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/');
  });

  it('leaves / alone once the prompt no longer applies', async () => {
    const settled = progress({
      completedSteps: ['first-call-checkup', 'add-location'],
      currentStep: 'weekly-checkups',
      isFirstTimeUser: false,
      hasCompletedCall: true,
      hasCompletedDiscovery: true,
    });
    const api = new ApiStub().on('GET', PROGRESS, () => jsonResponse(200, settled));
    const { router } = open('/', api);

    await waitFor(() => expect(api.requestsTo('GET', PROGRESS)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/');
  });

  it('does not ask signed-out visitors for progress', async () => {
    const api = new ApiStub();
    renderApp('/', { stub: api });

    await screen.findByRole('button', { name: 'Find my business' });
    expect(api.calls()).toEqual([]);
  });
});

describe('/dashboard', () => {
  it('redirects to /getting-started', async () => {
    const { router } = open('/dashboard', new ApiStub().on('GET', PROGRESS, () => jsonResponse(200, progress())));

    await waitFor(() => expect(router.state.location.pathname).toBe('/getting-started'));
    expect(await screen.findByText('0 of 4 steps complete')).toBeInTheDocument();
  });
});
