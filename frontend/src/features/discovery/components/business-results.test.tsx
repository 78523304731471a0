import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiStub, jsonResponse } from '../../../test/api-stub';
import { CORNER_SLICE, DISCOVERY_ID, PIZZA_PALACE } from '../../../test/discovery-fixtures';
import { renderInApp } from '../../../test/render-app';
import { toBusinessResult } from '../business-result';
import { DEMO_BUSINESS } from '../demo-business';
import type { DiscoverySearchState, DiscoverySource } from '../discovery-search-state';
import { BusinessResults } from './business-results';

// Typing without a pause between keys keeps the suite fast.
const user = userEvent.setup({ delay: null });

const query = { businessName: 'Pizza Palace', location: 'New York, NY' };
const CALL_ID = 'call_1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const results = (list = [PIZZA_PALACE]): DiscoverySearchState => ({
  phase: 'results',
  query,
  discoveryId: DISCOVERY_ID,
  results: list.map((result) => toBusinessResult(result, DISCOVERY_ID)),
});

interface ShowOptions {
  api?: ApiStub;
  requireDiscoveryId?: boolean;
  source?: DiscoverySource;
}

function show(
  state: DiscoverySearchState,
  { api = new ApiStub(), requireDiscoveryId = false, source = 'home' }: ShowOptions = {},
) {
  const onSearchAgain = vi.fn();
  const view = renderInApp(
    <BusinessResults state={state} source={source} onSearchAgain={onSearchAgain} requireDiscoveryId={requireDiscoveryId} />,
    { stub: api },
  );
  return { view, onSearchAgain, api };
}

/** The call report is where a started call leads. */
async function opensCallReport(view: ReturnType<typeof show>['view']) {
  const { router } = await view;
  await waitFor(() => expect(router.history.location.pathname).toBe(`/call/${CALL_ID}`));
}

describe('BusinessResults', () => {
  it('shows the search running with three placeholder cards', async () => {
    await show({ phase: 'searching', query, discoveryId: null, startedAt: Date.now(), stillProcessing: false }).view;

    expect(screen.getByRole('heading', { name: 'Searching for businesses...' })).toBeInTheDocument();
    expect(screen.getByText("We're analyzing businesses in New York, NY. This may take a few moments.")).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Searching for businesses');
    expect(screen.getAllByTestId('placeholder-card')).toHaveLength(3);
  });

  it('says how far along the search is by the time it has taken', async () => {
    await show({ phase: 'searching', query, discoveryId: null, startedAt: Date.now() - 31_000, stillProcessing: true }).view;

    expect(screen.getByRole('status')).toHaveTextContent('Gathering additional details');
    expect(screen.getByText("Taking longer than usual. We'll continue processing in the background.")).toBeInTheDocument();
  });

  it('counts one business, asks whether it is yours and shows its card', async () => {
    await show(results()).view;

    expect(screen.getByText('1 business found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Is this your business?' })).toBeInTheDocument();
    expect(
      screen.getByText('Our AI will call your business, act like a real customer, and get insights for you.'),
    ).toBeInTheDocument();
    const card = within(screen.getByRole('article', { name: 'Pizza Palace' }));
    expect(card.getByRole('heading', { name: 'Pizza Palace' })).toBeInTheDocument();
    expect(card.getByText('3.9')).toBeInTheDocument();
    expect(card.getByText('(29 reviews)')).toBeInTheDocument();
    expect(card.getByText('2278 Amsterdam Ave, New York, NY 10001')).toBeInTheDocument();
    expect(card.getByText('(646) 555-0121')).toBeInTheDocument();
    // Today's line; the whole week waits, hidden, behind See all hours.
    expect(card.getByText(/^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day: 11:00 AM/, { selector: 'p' })).toBeInTheDocument();
    const website = card.getByRole('link', { name: 'Visit Website' });
    expect(website).toHaveAttribute('href', 'https://pizza-palace.example.com');
    expect(website).toHaveAttribute('target', '_blank');
    expect(website.getAttribute('rel')).toContain('noopener');
    expect(card.queryByText('Temporarily closed')).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Start AI Call' })).toBeEnabled();
  });

  it('shows all seven days of hours on request', async () => {
    await show(results()).view;

    await user.click(screen.getByRole('button', { name: 'See all hours' }));

    expect(screen.getByRole('button', { name: 'Hide hours' })).toHaveAttribute('aria-expanded', 'true');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      expect(screen.getAllByText(new RegExp(`^${day}: `)).length).toBeGreaterThan(0);
    }
  });

  it('counts several businesses and leaves out what a business lacks', async () => {
    await show(results([PIZZA_PALACE, CORNER_SLICE])).view;

    expect(screen.getByText('2 businesses found')).toBeInTheDocument();
    const card = within(screen.getByRole('article', { name: 'Corner Slice' }));
    expect(card.getByText('Not available')).toBeInTheDocument();
    expect(card.getByText('Temporarily closed')).toBeInTheDocument();
    expect(card.queryByRole('link', { name: 'Visit Website' })).not.toBeInTheDocument();
    expect(card.queryByText(/reviews/)).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'See all hours' })).not.toBeInTheDocument();
  });

  it('says no businesses were found, why that may be and how to search better', async () => {
    const { view, onSearchAgain } = show({ ...results([]) });
    await view;

    expect(screen.getByRole('heading', { name: 'No businesses found' })).toBeInTheDocument();
    expect(screen.getByText('The business search service may be having a temporary problem')).toBeInTheDocument();
    expect(screen.getByText('The location may be too broad or unclear')).toBeInTheDocument();
    expect(screen.getByText('The network connection may have been interrupted')).toBeInTheDocument();
    expect(screen.getByText('Use the exact business name as it appears on Google')).toBeInTheDocument();
    expect(screen.getByText('Add a street or neighborhood to the location')).toBeInTheDocument();
    expect(screen.getByText(/Try a similar business type/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search again' }));
    expect(onSearchAgain).toHaveBeenCalledTimes(1);
  });

  it('says the search could not be completed, with the server’s message first', async () => {
    await show({
      phase: 'failed',
      query,
      discoveryId: DISCOVERY_ID,
      message: 'The location is too broad or unclear.',
      reason: 'location_unclear',
    }).view;

    expect(screen.getByRole('heading', { name: "Search couldn't be completed" })).toBeInTheDocument();
    const reasons = screen.getAllByRole('list')[0];
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'The location is too broad or unclear.',
      'The business search service may be having a temporary problem',
      'The network connection may have been interrupted',
    ]);
    expect(screen.getByRole('button', { name: 'Search again' })).toBeInTheDocument();
  });

  it('shows the status-check error where the screen has one, and nothing where it has none', async () => {
    const { view } = show({
      phase: 'status-error',
      query,
      discoveryId: DISCOVERY_ID,
      message: 'Error checking discovery status. Please try again.',
    });
    await view;
    expect(screen.getByText('Error checking discovery status. Please try again.')).toBeInTheDocument();
    (await view).unmount();

    await show({ phase: 'status-error', query, discoveryId: DISCOVERY_ID, message: null }, { source: 'explore' }).view;
    expect(screen.getByTestId('rendered-under-test')).toBeEmptyDOMElement();
  });
});

describe('Start AI Call', () => {
  it('toasts, records the selection, starts the secret-shopper call and opens the call report', async () => {
    const api = new ApiStub().on('POST', '/api/call-management/secret-shopper-call/', () =>
      jsonResponse(201, { call_id: CALL_ID }),
    );
    const { view } = show(results([CORNER_SLICE, PIZZA_PALACE]), { api });
    await view;

    await user.click(
      within(screen.getByRole('article', { name: 'Pizza Palace' })).getByRole('button', { name: 'Start AI Call' }),
    );

    await opensCallReport(view);
    expect(screen.getByText('Test Call Initiated')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/call-management/secret-shopper-call/')[0].body).toEqual({
      discovery_id: DISCOVERY_ID,
      place_result_id: PIZZA_PALACE.id,
    });
    expect(api.trackedEvents()).toEqual([
      {
        name: 'Business Selected',
        data: {
          businessId: PIZZA_PALACE.id,
          businessName: 'Pizza Palace',
          source: 'home',
          ranking: 2,
          searchQuery: 'Pizza Palace',
        },
      },
      { name: 'Funnel Step', data: { stepName: 'select', stepNumber: 2, funnelName: 'main' } },
      { name: 'Call Initiated', data: { businessId: PIZZA_PALACE.id, callType: 'ai' } },
      { name: 'Funnel Step', data: { stepName: 'call', stepNumber: 3, funnelName: 'main' } },
    ]);
  });

  it('says it is calling while the call starts', async () => {
    let answer!: (response: Response) => void;
    const api = new ApiStub().on(
      'POST',
      '/api/call-management/secret-shopper-call/',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const { view } = show(results(), { api });
    await view;

    await user.click(screen.getByRole('button', { name: 'Start AI Call' }));

    expect(screen.getByText('Initiating call')).toBeInTheDocument();
    expect(screen.getByText('Calling Pizza Palace...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start AI Call' })).toHaveAttribute('data-loading', 'true');
    answer(jsonResponse(201, { id: CALL_ID }));
    await opensCallReport(view);
  });

  it('falls back to creating and placing the call', async () => {
    const api = new ApiStub()
      .on('POST', '/api/call-management/secret-shopper-call/', () => jsonResponse(503, { detail: 'Unavailable' }))
      .on('POST', '/api/call-management/calls/', () => jsonResponse(201, { id: CALL_ID }))
      .on('POST', `/api/call-management/calls/${CALL_ID}/place_call/`, () => jsonResponse(200, { id: CALL_ID }));
    const { view } = show(results(), { api });
    await view;

    await user.click(screen.getByRole('button', { name: 'Start AI Call' }));

    await opensCallReport(view);
    expect(api.requestsTo('POST', '/api/call-management/calls/')[0].body).toEqual({
      business_discovery: DISCOVERY_ID,
      to_number: '+16465550121',
    });
  });

  it('shows the Error toast with the server’s user_message when the call cannot start', async () => {
    const api = new ApiStub()
      .on('POST', '/api/call-management/secret-shopper-call/', () => jsonResponse(500, {}))
      .on('POST', '/api/call-management/calls/', () => jsonResponse(400, { user_message: 'Calls to this number are blocked.' }));
    const { view } = show(results(), { api });
    await view;

    await user.click(screen.getByRole('button', { name: 'Start AI Call' }));

    expect(await screen.findByText('Calls to this number are blocked.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    // The initiating toast leaves once its exit has run.
    await waitFor(() => expect(screen.queryByText('Initiating call')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Start AI Call' })).toBeEnabled();
  });

  it('shows a plan limit’s words with a link to the plans, which it opens in the app', async () => {
    const limit = {
      error: 'plan_limit_reached',
      detail: 'The free plan allows 5 test calls a month.',
      user_message: "You've used this month's 5 test calls on the Free plan.",
      plan: 'free',
      limit: 5,
      used: 5,
      upgrade: { feature: 'test-calls', url: '/upgrade?feature=test-calls' },
    };
    const api = new ApiStub().on('POST', '/api/call-management/secret-shopper-call/', () => jsonResponse(403, limit));
    const { view } = show(results(), { api });
    const { router } = await view;

    await user.click(screen.getByRole('button', { name: 'Start AI Call' }));

    expect(await screen.findByText(limit.user_message)).toBeInTheDocument();
    const seePlans = screen.getByRole('link', { name: 'See plans' });
    expect(seePlans).toHaveAttribute('href', '/upgrade?feature=test-calls');
    // A refusal by plan limit is the answer: no fallback call is tried.
    expect(api.calls()).toEqual(['POST /api/call-management/secret-shopper-call/']);

    await user.click(seePlans);

    await waitFor(() => expect(router.history.location.pathname).toBe('/upgrade'));
    expect(router.history.location.search).toBe('?feature=test-calls');
    await waitFor(() => expect(screen.queryByText(limit.user_message)).not.toBeInTheDocument());
  });

  it('says Failed to initiate call when there is nothing better to say', async () => {
    const api = new ApiStub().on('POST', '/api/call-management/secret-shopper-call/', () =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    const { view } = show(results([{ ...PIZZA_PALACE, phone_number: null, international_phone_number: null }]), { api });
    await view;

    await user.click(screen.getByRole('button', { name: 'Start AI Call' }));

    expect(await screen.findByText('Failed to initiate call. Please try again.')).toBeInTheDocument();
  });

  it('says the discovery id is missing on Explore for a business without one', async () => {
    const api = new ApiStub();
    const state: DiscoverySearchState = {
      ...results(),
      results: [{ ...toBusinessResult(PIZZA_PALACE, null), discoveryId: null }],
    } as DiscoverySearchState;
    const { view } = show(state, { api, requireDiscoveryId: true, source: 'explore' });
    await view;

    await user.click(screen.getByRole('button', { name: 'Start AI Call' }));

    expect(await screen.findByText('Discovery ID is missing')).toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it('places the mock test call from the demo card', async () => {
    const api = new ApiStub().on('POST', '/api/call-management/mock-test-call/', () => jsonResponse(201, { id: CALL_ID }));
    const { view } = show(
      {
        phase: 'results',
        query: { businessName: 'demo', location: 'demo' },
        discoveryId: null,
        results: [DEMO_BUSINESS],
        demo: true,
      },
      { api },
    );
    await view;

    expect(screen.getByText('Demo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start AI Call' }));

    await opensCallReport(view);
    // The report then reads the call; the only call started is the mock test call.
    expect(api.calls().filter((call) => call.startsWith('POST'))).toEqual(['POST /api/call-management/mock-test-call/']);
  });
});
