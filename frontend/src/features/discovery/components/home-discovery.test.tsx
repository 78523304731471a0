import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiStub, jsonResponse } from '../../../test/api-stub';
import { completedDiscovery, discovery, DISCOVERY_ID } from '../../../test/discovery-fixtures';
import { MemoryRealtimeServer } from '../../../test/memory-realtime';
import { renderInApp } from '../../../test/render-app';
import { HomeDiscovery } from './home-discovery';

// Typing without a pause between keys keeps the suite fast.
const user = userEvent.setup({ delay: null });

const CREATE = ['POST', '/api/discoveries/'] as const;

function answering(...steps: Array<'pending' | 'completed'>) {
  const api = new ApiStub();
  api
    .on(...CREATE, () => jsonResponse(201, discovery({ status: steps[0] ?? 'completed' })))
    .on('GET', `/api/discoveries/${DISCOVERY_ID}/status/`, () => jsonResponse(200, discovery({ status: 'in_progress' })))
    .on('GET', `/api/discoveries/${DISCOVERY_ID}/results/`, () => jsonResponse(200, completedDiscovery()));
  return api;
}

async function searchFor(name: string, location: string) {
  await user.type(screen.getByLabelText('Business name'), name);
  await user.type(screen.getByLabelText('Location'), location);
  await user.click(screen.getByRole('button', { name: 'Find my business' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('HomeDiscovery', () => {
  it('sends trimmed values, then shows a compact search bar with the query above the results', async () => {
    const api = answering('completed');
    await renderInApp(<HomeDiscovery />, { stub: api });

    await searchFor('  Pizza Palace ', ' New York, NY  ');

    expect(await screen.findByRole('heading', { name: 'Is this your business?' })).toBeInTheDocument();
    expect(api.requestsTo(...CREATE)[0].body).toEqual({ business_name: 'Pizza Palace', location: 'New York, NY' });
    const bar = within(screen.getByRole('form', { name: 'Search again' }));
    expect(bar.getByLabelText('Business name')).toHaveValue('  Pizza Palace ');
    expect(bar.getByRole('button', { name: 'New Search' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Find my business' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Pizza Palace' })).toBeInTheDocument();
  });

  it('does not search with invalid values', async () => {
    const api = answering('completed');
    await renderInApp(<HomeDiscovery />, { stub: api });

    await searchFor('Pizza Palace', 'N');

    expect(screen.getByText('At least 2 characters required')).toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it('New Search clears the inputs, the results and the realtime subscription', async () => {
    const api = answering('pending');
    const server = new MemoryRealtimeServer();
    await renderInApp(<HomeDiscovery initialValues={{ businessName: 'Pizza Palace', location: 'New York, NY' }} />, {
      stub: api,
      server,
    });

    await user.click(screen.getByRole('button', { name: 'Find my business' }));
    expect(await screen.findByRole('heading', { name: 'Searching for businesses...' })).toBeInTheDocument();
    await vi.waitFor(() => expect(server.followedRooms()).toEqual([`discovery:${DISCOVERY_ID}`]));

    await user.click(screen.getByRole('button', { name: 'New Search' }));

    expect(screen.queryByRole('heading', { name: 'Searching for businesses...' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Business name')).toHaveValue('');
    expect(screen.getByLabelText('Location')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Find my business' })).toBeInTheDocument();
    expect(server.followedRooms()).toEqual([]);
  });

  it('switches to test mode for demo / demo without creating a discovery', async () => {
    const api = answering('completed');
    await renderInApp(<HomeDiscovery />, { stub: api });

    await searchFor('Demo', ' DEMO ');

    expect(screen.getByText('Test Mode Activated')).toBeInTheDocument();
    expect(screen.getAllByTestId('business-card')).toHaveLength(1);
    expect(screen.getByText('1 business found')).toBeInTheDocument();
    expect(screen.getByText('Demo')).toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it('is not test mode when only one field says demo', async () => {
    const api = answering('completed');
    await renderInApp(<HomeDiscovery />, { stub: api });

    await searchFor('demo', 'Austin, TX');

    expect(await screen.findByRole('heading', { name: 'Is this your business?' })).toBeInTheDocument();
    expect(screen.queryByText('Test Mode Activated')).not.toBeInTheDocument();
    expect(api.requestsTo(...CREATE)).toHaveLength(1);
  });

  it('prefills the form from the query parameters', async () => {
    await renderInApp(<HomeDiscovery initialValues={{ businessName: 'Joe’s Plumbing', location: 'Austin, TX' }} />);
    expect(screen.getByLabelText('Business name')).toHaveValue('Joe’s Plumbing');
    expect(screen.getByLabelText('Location')).toHaveValue('Austin, TX');
  });

  it('in the first-call onboarding, links back to the checklist and highlights the form for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await renderInApp(<HomeDiscovery formRequest="onboarding" />);

    expect(screen.getByRole('link', { name: 'Back to Getting Started' })).toHaveAttribute('href', '/getting-started');
    const form = document.getElementById('hero-search')!;
    expect(form).toHaveAttribute('data-highlighted', 'true');
    expect(scrolled).toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(form).toHaveAttribute('data-highlighted', 'true');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(form).not.toHaveAttribute('data-highlighted');
  });

  it('for New Call, scrolls to the form and focuses the business name, without the onboarding extras', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await renderInApp(<HomeDiscovery formRequest="new-call" />);

    await vi.waitFor(() => expect(screen.getByLabelText('Business name')).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(document.getElementById('hero-search'));
    expect(document.getElementById('hero-search')).not.toHaveAttribute('data-highlighted');
    expect(screen.queryByRole('link', { name: 'Back to Getting Started' })).not.toBeInTheDocument();
  });

  it('has no back link outside the onboarding', async () => {
    await renderInApp(<HomeDiscovery />);
    expect(screen.queryByRole('link', { name: 'Back to Getting Started' })).not.toBeInTheDocument();
    expect(document.getElementById('hero-search')).not.toHaveAttribute('data-highlighted');
  });
});
