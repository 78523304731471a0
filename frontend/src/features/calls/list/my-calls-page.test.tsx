import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Call, CallFullView } from '../../../api/calls-api';
import { jsonResponse } from '../../../test/api-stub';
import { callFixture, completedCall, OWNER, publishCall } from '../testing/call-fixtures';
import { renderApp } from '../../../test/render-app';

const LIST = '/api/call-management/calls/?ordering=-created_at';

const call = (n: number, business: string, status: Call['status'], overrides: Partial<CallFullView> = {}): CallFullView => {
  const id = `call_0000000${n}-0000-4000-8000-00000000000${n}`;
  const base = status === 'completed' ? completedCall('full') : callFixture({ status });
  return { ...base, id, call_id: id, business_name: business, created_at: `2026-01-0${n}T10:00:00.000Z`, ...overrides };
};

const noAnswer = { ...completedCall('full').analysis!, connection_status: 'no_answer' as const, first_call_success: false };
const CALLS = [
  call(5, 'Corner Slice', 'in_progress'),
  call(4, 'Apex Plumbing', 'completed', { analysis: noAnswer }),
  call(3, 'Pizza Palace', 'completed'),
  call(2, 'Zen Spa', 'canceled'),
  call(1, 'Bella Dental', 'failed', { error_message: 'The line was busy on all 3 attempts.' }),
];

const rows = () => screen.getAllByTestId('call-row');
const names = () => rows().map((row) => row.querySelector('a, p')?.textContent);

async function openMyCalls(calls: Call[] = CALLS) {
  const app = renderApp('/calls', { auth: OWNER });
  app.stub.on('GET', LIST, () => jsonResponse(200, { count: calls.length, results: calls }));
  await screen.findByRole('heading', { name: 'My Calls' });
  return app;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('My Calls', () => {
  it('shows the Total, Completed, In Progress and Needs Attention tiles, and the calls newest first', async () => {
    await openMyCalls();

    expect(await screen.findByRole('group', { name: 'Total' })).toHaveTextContent('5');
    expect(screen.getByRole('group', { name: 'Completed' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'In Progress' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Needs Attention' })).toHaveTextContent('3');
    expect(names()).toEqual(['Corner Slice', 'Apex Plumbing', 'Pizza Palace', 'Zen Spa', 'Bella Dental']);
  });

  it('searches by business name or call id, and filters by status', async () => {
    await openMyCalls();
    const user = userEvent.setup({ delay: null });
    await screen.findAllByTestId('call-row');

    await user.type(screen.getByLabelText('Search'), 'pizza');
    expect(names()).toEqual(['Pizza Palace']);

    await user.clear(screen.getByLabelText('Search'));
    await user.click(screen.getByLabelText('Search'));
    await user.paste('call_00000002');
    expect(names()).toEqual(['Zen Spa']);

    await user.clear(screen.getByLabelText('Search'));
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All statuses',
      'Completed',
      'In Progress',
      'Failed',
      'Canceled',
      'Queued',
    ]);
    await user.click(screen.getByRole('option', { name: 'Completed' }));
    expect(names()).toEqual(['Apex Plumbing', 'Pizza Palace']);
  });

  it('sorts by date, business or status, and the direction button flips the order', async () => {
    await openMyCalls();
    const user = userEvent.setup({ delay: null });
    await screen.findAllByTestId('call-row');

    await user.click(screen.getByRole('button', { name: 'Sort descending' }));
    expect(names()).toEqual(['Bella Dental', 'Zen Spa', 'Pizza Palace', 'Apex Plumbing', 'Corner Slice']);

    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    await user.click(screen.getByRole('option', { name: 'Business' }));
    expect(names()).toEqual(['Apex Plumbing', 'Bella Dental', 'Corner Slice', 'Pizza Palace', 'Zen Spa']);

    await user.click(screen.getByRole('button', { name: 'Sort ascending' }));
    expect(names()).toEqual(['Zen Spa', 'Pizza Palace', 'Corner Slice', 'Bella Dental', 'Apex Plumbing']);

    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    await user.click(screen.getByRole('option', { name: 'Status' }));
    // Descending status order; calls of one status stay newest first.
    expect(names()).toEqual(['Zen Spa', 'Bella Dental', 'Apex Plumbing', 'Pizza Palace', 'Corner Slice']);
  });

  it('marks each call as a real or a sandbox call', async () => {
    await openMyCalls([call(2, 'Harbor Dental', 'completed', { sandbox: false, provider: 'twilio' }), call(1, 'Pizza Palace', 'completed')]);
    await screen.findAllByTestId('call-row');
    const [real, sandbox] = rows();
    expect(within(real).getByText('Real call').closest('[data-network]')).toHaveAttribute('title', "A real phone call to the business's own line, not a simulation.");
    expect(within(real).queryByText('Sandbox call')).not.toBeInTheDocument();
    expect(within(sandbox).getByText('Sandbox call')).toBeInTheDocument();
  });

  it('copies a call id and shows the copied mark for 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = await openMyCalls();
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await screen.findAllByTestId('call-row');
    const row = rows()[2];

    await user.click(within(row).getByRole('button', { name: 'Copy call ID' }));

    expect(await navigator.clipboard.readText()).toBe(CALLS[2].id);
    expect(within(row).getByRole('button', { name: 'Call ID copied' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/calls');
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(within(row).getByRole('button', { name: 'Call ID copied' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(within(row).getByRole('button', { name: 'Copy call ID' })).toBeInTheDocument();
  });

  it('opens only completed calls, at their report; failed calls offer Try Again', async () => {
    const app = await openMyCalls();
    const user = userEvent.setup({ delay: null });
    await screen.findAllByTestId('call-row');
    const [inProgress, , completed, , failed] = rows();

    await user.click(inProgress);
    expect(app.router.state.location.pathname).toBe('/calls');
    expect(inProgress).toHaveAttribute('data-clickable', 'false');
    expect(within(failed).getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/?action=new-call');

    app.stub.on('GET', `/api/call-management/calls/${CALLS[2].id}/`, () => jsonResponse(200, CALLS[2]));
    await user.click(completed);
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/call/${CALLS[2].id}`));
  });

  it('says No calls yet, with New Call, when there are none', async () => {
    await openMyCalls([]);

    expect(await screen.findByRole('heading', { name: 'No calls yet' })).toBeInTheDocument();
    const newCall = screen.getAllByRole('link', { name: 'New Call' });
    expect(newCall.map((link) => link.getAttribute('href'))).toEqual(['/?action=new-call', '/?action=new-call']);
  });

  it('says No calls match your filters, and clears them', async () => {
    await openMyCalls();
    const user = userEvent.setup({ delay: null });
    await screen.findAllByTestId('call-row');

    await user.click(screen.getByLabelText('Search'));
    await user.paste('no such business');
    expect(screen.getByRole('heading', { name: 'No calls match your filters' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(rows()).toHaveLength(5);
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('keeps the list current from the user’s room', async () => {
    const app = await openMyCalls();
    await screen.findAllByTestId('call-row');

    await publishCall(app, { ...CALLS[0], status: 'completed', analysis: completedCall('full').analysis, updated_at: '2026-01-09T10:00:00.000Z' }, `user:${OWNER.user!.id}`);

    await waitFor(() => expect(screen.getByRole('group', { name: 'Completed' })).toHaveTextContent('3'));
    expect(screen.getByRole('group', { name: 'In Progress' })).toHaveTextContent('0');
    expect(rows()[0]).toHaveAttribute('data-clickable', 'true');
  });

  it('follows a call on the line step by step, and adds a call started elsewhere, without a reload', async () => {
    const app = await openMyCalls();
    await screen.findAllByTestId('call-row');
    const room = `user:${OWNER.user!.id}`;
    const note = () => within(rows()[0]).getByTestId('call-row-note');
    expect(note()).toHaveTextContent('Dialing');

    const ringing = {
      ...CALLS[0],
      phase: 'ringing' as const,
      ring_count: 2,
      updated_at: '2026-01-09T10:00:00.000Z',
      timeline: [...CALLS[0].timeline, { at: '2026-01-05T15:00:02.000Z', kind: 'ringing' as const, text: 'Ringing' }],
    };
    await publishCall(app, ringing, room);
    await waitFor(() => expect(note()).toHaveTextContent('Ringing · Ring 2'));

    // Another projection on the same room changes nothing here.
    await app.publish({ room, projection: 'discoveries', documentId: 'disc_1', document: { id: 'disc_1' } as never });
    const started = call(6, 'New Bakery', 'queued', { phase: 'queued' });
    await publishCall(app, started, room);

    await waitFor(() => expect(screen.getByRole('group', { name: 'Total' })).toHaveTextContent('6'));
    expect(names()[0]).toBe('New Bakery');
    expect(screen.getByRole('group', { name: 'In Progress' })).toHaveTextContent('2');
    expect(app.stub.requestsTo('GET', LIST)).toHaveLength(1);
  });

  it('reads the list again when the server will not replay what the room missed', async () => {
    const app = await openMyCalls();
    await screen.findAllByTestId('call-row');
    expect(app.stub.requestsTo('GET', LIST)).toHaveLength(1);

    await act(async () => app.server.resync({ room: `user:${OWNER.user!.id}`, position: 99 }));

    await waitFor(() => expect(app.stub.requestsTo('GET', LIST)).toHaveLength(2));
  });
});
