import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_EVENT } from '../api/api-client';
import { signedOutAuth } from '../features/auth/auth-context';
import { ApiStub, jsonResponse } from '../test/api-stub';
import { renderApp, renderInApp } from '../test/render-app';
import { RateLimitAllowance } from './rate-limit-allowance';
import { lowAllowanceText, lowAllowanceThreshold, rateLimitedText } from './rate-limit-allowance-text';

const RESET = '2025-03-01T10:42:00.000Z';
const status = (remaining: number, limit = 120) => ({ id: 'ip', scope: 'ip' as const, limit, remaining, reset_at: RESET, window_seconds: 60 });
const clock = new Date(RESET).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

describe('lowAllowanceText', () => {
  it('says nothing while the allowance is comfortable', () => {
    expect(lowAllowanceThreshold(120)).toBe(12);
    expect(lowAllowanceThreshold(20)).toBe(5);
    expect(lowAllowanceText(status(13))).toBeNull();
  });

  it('says how many requests are left and when the allowance resets, once few are left', () => {
    expect(lowAllowanceText(status(12))).toBe(`12 requests left this minute, resets at ${clock}.`);
    expect(lowAllowanceText(status(1))).toBe(`1 request left this minute, resets at ${clock}.`);
    expect(lowAllowanceText(status(0))).toBe(`No requests left this minute; the allowance resets at ${clock}.`);
  });

  it('words the toast after a 429 with the wait and the time it ends', () => {
    const now = Date.parse(RESET) - 30_000;
    expect(rateLimitedText(30, now)).toBe(`Please wait 30 seconds and try again (until ${clock}).`);
    expect(rateLimitedText(null, now)).toBe('Please wait a moment and try again.');
  });
});

describe('RateLimitAllowance', () => {
  it('shows the remaining allowance where searches start once it is low', async () => {
    const stub = new ApiStub().on('GET', '/api/analytics/rate-limits/', () => jsonResponse(200, status(3)));
    await renderInApp(<RateLimitAllowance />, { stub });
    expect(await screen.findByRole('status')).toHaveTextContent(`3 requests left this minute, resets at ${clock}.`);
  });

  it('shows nothing while plenty is left', async () => {
    const stub = new ApiStub().on('GET', '/api/analytics/rate-limits/', () => jsonResponse(200, status(100)));
    await renderInApp(<RateLimitAllowance />, { stub });
    await waitFor(() => expect(stub.requestsTo('GET', '/api/analytics/rate-limits/')).toHaveLength(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('after a 429 toasts the wait and reads the allowance again', async () => {
    const stub = new ApiStub().on(
      'GET',
      '/api/analytics/rate-limits/',
      () => jsonResponse(200, status(100)),
      () => jsonResponse(200, status(0)),
    );
    renderApp('/explore', { stub, auth: { ...signedOutAuth, user: { id: 'user_00000000-0000-4000-8000-000000000001', email: 'sam@example.com', firstName: 'Sam' } } });
    await waitFor(() => expect(stub.requestsTo('GET', '/api/analytics/rate-limits/')).toHaveLength(1));
    expect(screen.queryByText(/left this minute/)).not.toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new CustomEvent(RATE_LIMIT_EVENT, { detail: { retryAfter: 20, path: '/discoveries/' } }));
    });

    expect(await screen.findByText(/Please wait 20 seconds and try again \(until /)).toBeInTheDocument();
    expect(await screen.findByText(`No requests left this minute; the allowance resets at ${clock}.`)).toBeInTheDocument();
    notifications.clean();
  });
});
