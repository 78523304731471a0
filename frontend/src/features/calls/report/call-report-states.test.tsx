import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiStub, jsonResponse } from '../../../test/api-stub';
import { renderInApp } from '../../../test/render-app';
import { AuthDialogContext } from '../../auth/auth-dialog-context';
import { CALL_ID, CALL_PATH, callFixture, completedCall } from '../testing/call-fixtures';
import { renderApp } from '../../../test/render-app';
import { CallCard } from './call-card';
import { CallReportPage } from './call-report-page';

const user = userEvent.setup({ delay: null });

afterEach(() => {
  vi.useRealTimers();
});

describe('call report page states', () => {
  it('says the call id is required, and polls nothing, without one', async () => {
    const stub = new ApiStub();
    await renderInApp(<CallReportPage callId="  " />, { stub });

    expect(screen.getByRole('heading', { name: 'Call ID is required' })).toBeInTheDocument();
    expect(screen.getByText('Call ID is missing, cannot poll for updates.')).toBeInTheDocument();
    expect(stub.calls()).toEqual([]);
  });

  it('polls every 5 s without realtime, and marks the call failed after 10 failed polls in a row', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderApp(`/call/${CALL_ID}`);
    app.server.online = false;
    app.stub.on('GET', CALL_PATH, () => jsonResponse(200, callFixture()), () => jsonResponse(503, { detail: 'Unavailable' }));
    await screen.findByRole('heading', { name: 'Demo Plumbing Co.' });

    await act(() => vi.advanceTimersByTimeAsync(9 * 5000));
    expect(app.stub.requestsTo('GET', CALL_PATH)).toHaveLength(10);
    expect(screen.queryByRole('alert', { name: 'Call failed' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(5000));

    expect(screen.getByRole('alert', { name: 'Call failed' })).toHaveTextContent('Unable to retrieve final call status');
    expect(screen.getAllByText('Failed')[0]).toHaveClass('mantine-Badge-label');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(app.stub.requestsTo('GET', CALL_PATH)).toHaveLength(11);
  });
});

describe('the gate’s call to action', () => {
  it('opens the sign-up dialog, to come back to this call', async () => {
    const open = vi.fn();
    await renderInApp(
      <AuthDialogContext.Provider value={{ open }}>
        <CallCard call={completedCall('preview')} />
      </AuthDialogContext.Provider>,
    );

    await user.click(screen.getByRole('button', { name: 'Sign Up Free' }));
    await user.click(screen.getByRole('button', { name: 'I have an account' }));

    expect(open.mock.calls.map(([mode]) => mode)).toEqual(['sign-up', 'sign-in']);
    expect(open.mock.calls[0][1]).toMatchObject({ intent: { source: 'call_report_gate', metadata: { call_id: CALL_ID } } });
  });
});
