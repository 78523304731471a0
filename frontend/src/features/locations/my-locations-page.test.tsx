import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Location } from '../../api/locations-api';
import { ApiStub, jsonResponse } from '../../test/api-stub';
import { DISCOVERY_ID, PIZZA_PALACE } from '../../test/discovery-fixtures';
import { renderApp } from '../../test/render-app';
import { callFixture, completedCall } from '../calls/testing/call-fixtures';
import {
  ANSWERED_CALL,
  BUSY_CALL,
  DIRECT_NUMBER,
  favoritePath,
  HARBOR,
  historyPath,
  LIST_PATH,
  location,
  LOCATIONS_OWNER,
  PIZZA,
  pizzaHistory,
  USER_ROOM,
} from './testing/location-fixtures';

const user = userEvent.setup({ delay: null });
const NEW_CALL = 'call_2c3d4e5f-6071-4c8d-9e0f-1a2b3c4d5e6f';

/** The live call page the started call opens. */
const withNewCall = (stub: ApiStub) =>
  stub.on('GET', `/api/call-management/calls/${NEW_CALL}/`, () => jsonResponse(200, callFixture({ id: NEW_CALL, call_id: NEW_CALL })));

const listAnswer = (locations: Location[]) => () => jsonResponse(200, { count: locations.length, results: locations });

function openLocations(stub: ApiStub = new ApiStub().on('GET', LIST_PATH, listAnswer([PIZZA, HARBOR])), path = '/locations') {
  return renderApp(path, { auth: LOCATIONS_OWNER, stub });
}

const card = (name: string) => screen.getByRole('article', { name });
const cardNames = () => screen.queryAllByTestId('location-card').map((article) => article.getAttribute('aria-label'));

describe('My Locations', () => {
  it('shows six placeholder cards while the locations load', async () => {
    openLocations(new ApiStub().on('GET', LIST_PATH, () => new Promise<Response>(() => undefined)));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Locations' })).toBeInTheDocument();
    expect(screen.getByText("Businesses you've called and analyzed")).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Loading locations' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByTestId('location-placeholder')).toHaveLength(6);
  });

  it('says the locations could not be loaded, and tries again', async () => {
    const stub = new ApiStub().on('GET', LIST_PATH, () => jsonResponse(404, { detail: 'Not found' }), listAnswer([PIZZA]));
    openLocations(stub);

    expect(await screen.findByText('Error loading locations. Please try again later.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('article', { name: 'Pizza Palace' })).toBeInTheDocument();
  });

  it('says No locations yet, and leads to Explore', async () => {
    openLocations(new ApiStub().on('GET', LIST_PATH, listAnswer([])));

    expect(await screen.findByRole('heading', { level: 2, name: 'No locations yet' })).toBeInTheDocument();
    expect(screen.getByText('Start by exploring new businesses and making calls')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Businesses' })).toHaveAttribute('href', '/explore');
  });

  it('shows every field of each location, newest interaction first', async () => {
    openLocations();

    await screen.findByRole('article', { name: 'Pizza Palace' });
    expect(cardNames()).toEqual(['Pizza Palace', 'Harbor Dental']);
    const pizza = within(card('Pizza Palace'));
    expect(pizza.getByRole('heading', { level: 2, name: 'Pizza Palace' })).toBeInTheDocument();
    expect(pizza.getByText('2278 Amsterdam Ave, New York, NY 10001')).toBeInTheDocument();
    expect(pizza.getByRole('button', { name: 'Favorite Pizza Palace' })).toHaveAttribute('aria-pressed', 'false');
    expect(pizza.getByText('called · 2 times')).toBeInTheDocument();
    for (const type of ['pizza restaurant', 'restaurant', 'food', '+2']) expect(pizza.getByText(type)).toBeInTheDocument();
    expect(pizza.queryByText('establishment')).not.toBeInTheDocument();
    expect(pizza.getByText('(646) 555-0121')).toBeInTheDocument();
    const website = pizza.getByRole('link', { name: 'pizza-palace.example.com (opens in a new tab)' });
    expect(website).toHaveAttribute('href', 'https://www.pizza-palace.example.com/');
    expect(website).toHaveAttribute('target', '_blank');
    expect(pizza.getByText('4.5')).toBeInTheDocument();
    expect(pizza.getByText('(29 reviews)')).toBeInTheDocument();
    expect(pizza.getByText('Operational')).toBeInTheDocument();
    expect(pizza.getByText('Last: Nov 25')).toBeInTheDocument();

    const harbor = within(card('Harbor Dental'));
    expect(harbor.getByRole('button', { name: 'Favorite Harbor Dental' })).toHaveAttribute('aria-pressed', 'true');
    expect(harbor.getByText('saved · 1 time')).toBeInTheDocument();
    expect(harbor.getByText('Temporarily closed')).toBeInTheDocument();
    expect(harbor.getByText('dentist')).toBeInTheDocument();
    expect(harbor.queryByText(/reviews?\)/)).not.toBeInTheDocument();
    expect(harbor.queryByRole('link')).not.toBeInTheDocument();
    expect(harbor.getByText('Last: Nov 20')).toBeInTheDocument();

    expect(screen.getAllByRole('heading').map((heading) => [heading.tagName, heading.textContent])).toEqual([
      ['H1', 'My Locations'],
      ['H2', 'Pizza Palace'],
      ['H2', 'Harbor Dental'],
    ]);
  });

  it('favourites a location, says so and reads the list again', async () => {
    const favorite = { ...PIZZA, is_favorite: true };
    const stub = new ApiStub()
      .on('GET', LIST_PATH, listAnswer([PIZZA, HARBOR]), listAnswer([favorite, HARBOR]))
      .on('POST', favoritePath(PIZZA.id), () => jsonResponse(200, favorite));
    openLocations(stub);

    await user.click(await screen.findByRole('button', { name: 'Favorite Pizza Palace' }));

    expect(await screen.findByText('Favorite status updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Favorite Pizza Palace' })).toHaveAttribute('aria-pressed', 'true'));
    expect(stub.calls()).toEqual([`GET ${LIST_PATH}`, `POST ${favoritePath(PIZZA.id)}`, `GET ${LIST_PATH}`]);
  });

  it('says when the favourite could not be changed', async () => {
    const stub = new ApiStub()
      .on('GET', LIST_PATH, listAnswer([PIZZA, HARBOR]))
      .on('POST', favoritePath(HARBOR.id), () => jsonResponse(400, { detail: 'Nope' }));
    openLocations(stub);

    await user.click(await screen.findByRole('button', { name: 'Favorite Harbor Dental' }));

    const toast = (await screen.findByText('Failed to update favorite status')).closest('.mantine-Notification-root');
    expect(toast).toHaveStyle({ '--notification-color': 'var(--mantine-color-red-filled)' });
    expect(screen.getByRole('button', { name: 'Favorite Harbor Dental' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters by interaction type and favourites on the server, and keeps the filters in the address', async () => {
    const stub = new ApiStub()
      .on('GET', LIST_PATH, listAnswer([PIZZA, HARBOR]))
      .on('GET', `${LIST_PATH}?interaction_type=called`, listAnswer([PIZZA]))
      .on('GET', `${LIST_PATH}?interaction_type=called&favorites_only=true`, listAnswer([]))
      .on('GET', `${LIST_PATH}?favorites_only=true`, listAnswer([HARBOR]));
    const { router } = openLocations(stub);
    await screen.findByRole('article', { name: 'Harbor Dental' });
    const show = screen.getByRole('radiogroup', { name: 'Show' });
    expect(
      within(show)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['all', 'called', 'saved']);

    await user.click(within(show).getByRole('radio', { name: 'Called' }));
    await waitFor(() => expect(cardNames()).toEqual(['Pizza Palace']));
    expect(router.state.location.search).toEqual({ type: 'called' });

    await user.click(screen.getByRole('switch', { name: 'Favorites only' }));
    expect(await screen.findByRole('heading', { name: 'No locations match these filters' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ type: 'called', favorites: true });

    await user.click(within(show).getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(cardNames()).toEqual(['Harbor Dental']));

    expect(stub.calls()).toEqual([
      `GET ${LIST_PATH}`,
      `GET ${LIST_PATH}?interaction_type=called`,
      `GET ${LIST_PATH}?interaction_type=called&favorites_only=true`,
      `GET ${LIST_PATH}?favorites_only=true`,
    ]);
  });

  it('opens a location from its address with the filters set', async () => {
    const stub = new ApiStub().on('GET', `${LIST_PATH}?interaction_type=saved&favorites_only=true`, listAnswer([HARBOR]));
    openLocations(stub, '/locations?type=saved&favorites=true');

    await screen.findByRole('article', { name: 'Harbor Dental' });
    expect(screen.getByRole('radio', { name: 'Saved' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Favorites only' })).toBeChecked();
  });
});

describe('A location’s call history', () => {
  function withHistory(stub = new ApiStub().on('GET', LIST_PATH, listAnswer([PIZZA, HARBOR, DIRECT_NUMBER]))) {
    return stub.on('GET', historyPath(PIZZA.id), () => jsonResponse(200, pizzaHistory()));
  }

  it('opens below the grid when a card is selected, with the chart and its table', async () => {
    openLocations(withHistory());
    const pizza = await screen.findByRole('button', { name: 'Pizza Palace' });
    expect(pizza).toHaveAttribute('aria-pressed', 'false');

    await user.click(pizza);

    expect(pizza).toHaveAttribute('aria-pressed', 'true');
    const history = screen.getByRole('region', { name: 'Pizza Palace: call history' });
    expect(pizza).toHaveAttribute('aria-controls', history.id);
    expect(within(history).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(within(history).getByRole('img', { name: 'Seconds to answer for each call, oldest first' })).toBeInTheDocument();
    const table = await within(history).findByRole('table', { name: 'Calls to Pizza Palace, oldest first' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Date', 'Outcome', 'Time to answer', 'Rings', 'Score', 'Report'],
      ['Nov 20, 2026, 3:00 PM', 'Answered', '16.1 s', '3', '9.3/10', 'View report'],
      ['Nov 25, 2026, 3:00 PM', 'Busy', 'N/A', 'N/A', 'N/A', 'N/A'],
    ]);
    expect(within(table).getByRole('link', { name: 'View report of the call on Nov 20, 2026, 3:00 PM' })).toHaveAttribute(
      'href',
      `/call/${ANSWERED_CALL.id}`,
    );
    expect(screen.getAllByRole('heading').map((heading) => [heading.tagName, heading.textContent])).toEqual([
      ['H1', 'My Locations'],
      ['H2', 'Pizza Palace'],
      ['H2', 'Harbor Dental'],
      ['H2', '(512) 555-0188'],
      ['H2', 'Pizza Palace: call history'],
      ['H3', 'Time to answer'],
    ]);
  });

  it('selects and closes by keyboard, returning focus to the card', async () => {
    openLocations(withHistory());
    const pizza = await screen.findByRole('button', { name: 'Pizza Palace' });

    pizza.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: 'Pizza Palace: call history' })).toBeInTheDocument();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Call again' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close call history' })).toHaveFocus();
    await user.keyboard(' ');

    expect(screen.queryByRole('region', { name: 'Pizza Palace: call history' })).not.toBeInTheDocument();
    expect(pizza).toHaveFocus();
    expect(pizza).toHaveAttribute('aria-pressed', 'false');

    await user.keyboard(' ');
    expect(pizza).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'Pizza Palace: call history' })).toHaveFocus();
  });

  it('calls the business again through its search result and opens the live call', async () => {
    const stub = withNewCall(withHistory()).on('POST', '/api/call-management/secret-shopper-call/', () =>
      jsonResponse(201, { call_id: NEW_CALL }),
    );
    const { router } = openLocations(stub);
    await user.click(await screen.findByRole('button', { name: 'Pizza Palace' }));

    await user.click(screen.getByRole('button', { name: 'Call again' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/call/${NEW_CALL}`));
    expect(stub.requestsTo('POST', '/api/call-management/secret-shopper-call/')[0].body).toEqual({
      discovery_id: DISCOVERY_ID,
      place_result_id: PIZZA_PALACE.id,
    });
    expect(screen.getByText('Test Call Initiated')).toBeInTheDocument();
  });

  it('calls a number called directly with the test call', async () => {
    const stub = withNewCall(withHistory())
      .on('GET', historyPath(DIRECT_NUMBER.id), () => jsonResponse(200, { location: DIRECT_NUMBER, calls: [] }))
      .on('POST', '/api/call-management/test-call/', () => jsonResponse(201, { id: NEW_CALL }));
    const { router } = openLocations(stub);
    await user.click(await screen.findByRole('button', { name: '(512) 555-0188' }));
    expect(await screen.findByText('No calls to (512) 555-0188 yet. Call it to see how quickly it answers.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Call again' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/call/${NEW_CALL}`));
    expect(stub.requestsTo('POST', '/api/call-management/test-call/')[0].body).toEqual({ phone_number: '+15125550188' });
  });

  it('shows the plan limit’s words and a link to the plans when Call again is refused', async () => {
    const limit = {
      error: 'plan_limit_reached',
      detail: 'The free plan allows 5 test calls a month.',
      user_message: "You've used this month's 5 test calls on the Free plan.",
      plan: 'free',
      limit: 5,
      used: 5,
      upgrade: { feature: 'test-calls', url: '/upgrade?feature=test-calls' },
    };
    const stub = withHistory()
      .on('POST', '/api/call-management/secret-shopper-call/', () => jsonResponse(403, limit))
      .on('GET', '/api/users/plan/', () => jsonResponse(404, {}));
    const { router } = openLocations(stub);
    await user.click(await screen.findByRole('button', { name: 'Pizza Palace' }));

    await user.click(screen.getByRole('button', { name: 'Call again' }));

    expect(await screen.findByText(limit.user_message)).toBeInTheDocument();
    const seePlans = screen.getByRole('link', { name: 'See plans' });
    expect(seePlans).toHaveAttribute('href', '/upgrade?feature=test-calls');
    expect(stub.calls().filter((call) => call.startsWith('POST'))).toEqual(['POST /api/call-management/secret-shopper-call/']);

    await user.click(seePlans);

    await waitFor(() => expect(router.state.location.pathname).toBe('/upgrade'));
    expect(router.state.location.search).toEqual({ feature: 'test-calls' });
    expect(await screen.findByText("You've used this month's test calls")).toBeInTheDocument();
  });
});

describe('Live updates', () => {
  it('folds each location pushed on the user’s room into the list', async () => {
    const app = openLocations();
    await screen.findByRole('article', { name: 'Harbor Dental' });
    const fresh = location(
      { id: 'loc_5e6f7081-92a3-44b5-86c7-e8f90a1b2c34', last_interacted_at: '2026-11-26T09:00:00.000Z' },
      { name: 'Corner Slice' },
    );

    await app.publish({ room: USER_ROOM, projection: 'locations', documentId: fresh.id, document: fresh as never });
    expect(cardNames()).toEqual(['Corner Slice', 'Pizza Palace', 'Harbor Dental']);

    await app.publish({
      room: USER_ROOM,
      projection: 'locations',
      documentId: PIZZA.id,
      document: { ...PIZZA, is_favorite: true } as never,
    });
    expect(screen.getByRole('button', { name: 'Favorite Pizza Palace' })).toHaveAttribute('aria-pressed', 'true');

    await app.publish({ room: USER_ROOM, projection: 'locations', documentId: HARBOR.id, document: null });
    expect(cardNames()).toEqual(['Corner Slice', 'Pizza Palace']);
    expect(app.stub.calls()).toEqual([`GET ${LIST_PATH}`]);
  });

  it('reads the open history again when one of its calls changes', async () => {
    const running = { ...BUSY_CALL, status: 'in_progress' as const, connection_status: null, attempts: 1 };
    const stub = new ApiStub().on('GET', LIST_PATH, listAnswer([PIZZA])).on(
      'GET',
      historyPath(PIZZA.id),
      () => jsonResponse(200, pizzaHistory([ANSWERED_CALL, running])),
      () => jsonResponse(200, pizzaHistory()),
    );
    const app = openLocations(stub);
    await user.click(await screen.findByRole('button', { name: 'Pizza Palace' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('In Progress')).toBeInTheDocument();

    // The same call as it already stands changes nothing; the failed call is read again.
    const call = completedCall('full', { id: ANSWERED_CALL.id });
    await app.publish({
      room: USER_ROOM,
      projection: 'calls',
      documentId: running.id,
      document: { ...call, id: running.id, status: 'in_progress', analysis: null } as never,
    });
    expect(stub.requestsTo('GET', historyPath(PIZZA.id))).toHaveLength(1);
    await app.publish({
      room: USER_ROOM,
      projection: 'calls',
      documentId: running.id,
      document: { ...call, id: running.id, status: 'failed', analysis: null } as never,
    });

    expect(await within(table).findByText('Busy')).toBeInTheDocument();
    expect(stub.requestsTo('GET', historyPath(PIZZA.id))).toHaveLength(2);
  });
});
