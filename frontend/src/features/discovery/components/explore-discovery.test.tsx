import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiStub, jsonResponse } from '../../../test/api-stub';
import { completedDiscovery, discovery, DISCOVERY_ID, PIZZA_PALACE } from '../../../test/discovery-fixtures';
import { renderInApp } from '../../../test/render-app';
import { ExploreDiscovery } from './explore-discovery';

// Typing without a pause between keys keeps the suite fast.
const user = userEvent.setup({ delay: null });

const CALL_ID = 'call_1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('ExploreDiscovery', () => {
  it('shows the fields, the button and the search tips', async () => {
    await renderInApp(<ExploreDiscovery />);

    expect(screen.getByLabelText('Business Name')).toHaveAttribute('placeholder', 'e.g., Pizza Palace');
    expect(screen.getByLabelText('Location')).toHaveAttribute('placeholder', 'e.g., New York, NY');
    expect(screen.getByRole('button', { name: 'Search Businesses' })).toBeInTheDocument();
    expect(screen.getByText('Use the specific business name rather than a category')).toBeInTheDocument();
    expect(screen.getByText('Include the city and state, e.g. “Austin, TX”')).toBeInTheDocument();
    expect(screen.getByText('Try variations of the name if a search finds nothing')).toBeInTheDocument();
  });

  it.each([
    ['', 'New York, NY'],
    ['Pizza Palace', '   '],
  ])('asks for both fields when given %j and %j', async (name, location) => {
    const api = new ApiStub();
    await renderInApp(<ExploreDiscovery />, { stub: api });
    if (name) await user.type(screen.getByLabelText('Business Name'), name);
    await user.type(screen.getByLabelText('Location'), location);

    await user.click(screen.getByRole('button', { name: 'Search Businesses' }));

    expect(screen.getByText('Missing information')).toBeInTheDocument();
    expect(screen.getByText('Please provide both business name and location')).toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it('says Searching... while searching, then lists the results under the form; a call opens the call report', async () => {
    let answer!: (response: Response) => void;
    const api = new ApiStub()
      .on('POST', '/api/discoveries/', () => new Promise<Response>((resolve) => (answer = resolve)))
      .on('GET', `/api/discoveries/${DISCOVERY_ID}/results/`, () => jsonResponse(200, completedDiscovery()))
      .on('POST', '/api/call-management/secret-shopper-call/', () => jsonResponse(201, { id: CALL_ID }));
    const { router } = await renderInApp(<ExploreDiscovery />, { stub: api });
    await user.type(screen.getByLabelText('Business Name'), ' Pizza Palace ');
    await user.type(screen.getByLabelText('Location'), 'New York, NY');

    await user.click(screen.getByRole('button', { name: 'Search Businesses' }));

    expect(screen.getByRole('button', { name: 'Searching...' })).toBeDisabled();
    answer(jsonResponse(201, discovery({ status: 'completed' })));
    expect(await screen.findByRole('article', { name: PIZZA_PALACE.name })).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/discoveries/')[0].body).toEqual({
      business_name: 'Pizza Palace',
      location: 'New York, NY',
    });
    expect(screen.getByRole('button', { name: 'Search Businesses' })).toBeEnabled();
    expect(screen.getByLabelText('Business Name')).toHaveValue(' Pizza Palace ');

    await user.click(screen.getByRole('button', { name: 'Start AI Call' }));

    await waitFor(() => expect(router.history.location.pathname).toBe(`/call/${CALL_ID}`));
    expect(api.trackedEvents().map((event) => event.name)).toEqual(['Business Search', 'Funnel Step', 'Business Selected', 'Funnel Step', 'Call Initiated', 'Funnel Step']);
    expect(api.trackedEvents()[2]).toMatchObject({ name: 'Business Selected', data: { source: 'explore', ranking: 1 } });
  });

  it('the reset button clears the form and the results', async () => {
    const api = new ApiStub()
      .on('POST', '/api/discoveries/', () => jsonResponse(201, discovery({ status: 'completed' })))
      .on('GET', `/api/discoveries/${DISCOVERY_ID}/results/`, () => jsonResponse(200, completedDiscovery([])));
    await renderInApp(<ExploreDiscovery />, { stub: api });
    await user.type(screen.getByLabelText('Business Name'), 'Zzyzx Quantum Bagpipes');
    await user.type(screen.getByLabelText('Location'), 'Austin, TX');
    await user.click(screen.getByRole('button', { name: 'Search Businesses' }));
    expect(await screen.findByRole('heading', { name: 'No businesses found' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New Search' }));

    expect(screen.queryByRole('heading', { name: 'No businesses found' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Business Name')).toHaveValue('');
    expect(screen.getByLabelText('Location')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'New Search' })).not.toBeInTheDocument();
  });
});
