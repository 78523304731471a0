import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiStub, jsonResponse } from '../../test/api-stub';
import { renderApp } from '../../test/render-app';

describe('interaction tracking', () => {
  it('tracks CTA Clicked for the home page CTAs and any element marked data-cta', async () => {
    const user = userEvent.setup();
    const { stub } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Check my phone line' }));
    await waitFor(() => expect(stub.trackedEvents().filter((event) => event.name === 'CTA Clicked')).toHaveLength(1));
    expect(stub.trackedEvents().find((event) => event.name === 'CTA Clicked')?.data).toEqual({
      ctaName: 'Check my phone line',
      ctaLocation: 'home_closing',
      destination: '#hero-search',
    });

    // A content page's own CTA: a link marked with data-cta, its icon clicked.
    const link = document.createElement('a');
    link.href = '/pricing';
    link.dataset.cta = 'See pricing';
    link.innerHTML = '<span>See pricing</span>';
    link.addEventListener('click', (event) => event.preventDefault());
    document.body.append(link);
    fireEvent.click(link.querySelector('span')!);
    link.remove();
    await waitFor(() => expect(stub.trackedEvents().filter((event) => event.name === 'CTA Clicked')).toHaveLength(2));
    expect(stub.trackedEvents().filter((event) => event.name === 'CTA Clicked')[1].data).toEqual({
      ctaName: 'See pricing',
      ctaLocation: 'Home',
      destination: '/pricing',
    });
  });

  it('tracks Error Occurred for an API request that failed for good and for an uncaught error, phone numbers masked', async () => {
    const stub = new ApiStub().on('GET', '/api/analytics/rate-limits/', () =>
      jsonResponse(400, { error: 'invalid', user_message: 'Number 312-555-0147 is not allowed' }),
    );
    renderApp('/', { stub });
    await waitFor(() =>
      expect(stub.trackedEvents()).toContainEqual({
        name: 'Error Occurred',
        data: { errorType: 'api_error_400', errorMessage: 'Number 312-***-**** is not allowed' },
      }),
    );

    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new Error(`Render failed ${'x'.repeat(700)}`), message: 'Render failed' }));
    });
    await waitFor(() => expect(stub.trackedEvents().filter((event) => event.data.errorType === 'uncaught_error')).toHaveLength(1));
    const uncaught = stub.trackedEvents().find((event) => event.data.errorType === 'uncaught_error')!;
    expect(String(uncaught.data.errorMessage)).toHaveLength(500);
  });
});
