import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiStub, jsonResponse } from '../../test/api-stub';
import { renderApp } from '../../test/render-app';

const ANON_ID = 'anon_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

function consentApi() {
  return new ApiStub().on('POST', '/api/analytics/gdpr-consent/', (request) =>
    jsonResponse(200, { anon_id: ANON_ID, consent: (request.body as { consent: boolean }).consent, updated_at: '2025-03-01T10:00:00.000Z' }),
  );
}

const banner = () => screen.queryByRole('region', { name: 'Your privacy choices' });

describe('the consent banner', () => {
  it('asks on a first visit, without blocking the page, and sends nothing until answered', async () => {
    const stub = consentApi();
    renderApp('/faq', { stub, consent: null });

    const region = await screen.findByRole('region', { name: 'Your privacy choices' });
    expect(region).toHaveTextContent(/^Your privacy choicesWe use analytics to improve Ringcheck/);
    expect(within(region).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    // Not a dialog: the page's own controls stay usable.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeEnabled();
    expect(stub.requestsTo('POST', '/api/analytics/batch/')).toEqual([]);
  });

  it('gives Accept and Decline the same look', async () => {
    renderApp('/faq', { stub: consentApi(), consent: null });
    const region = await screen.findByRole('region', { name: 'Your privacy choices' });
    const accept = within(region).getByRole('button', { name: 'Accept' });
    const decline = within(region).getByRole('button', { name: 'Decline' });
    expect(accept.getAttribute('data-variant')).toBe(decline.getAttribute('data-variant'));
    expect(accept.className).toBe(decline.className);
  });

  it('accepting by keyboard records consent, hides the banner and starts tracking from then on', async () => {
    const user = userEvent.setup();
    const stub = consentApi();
    const { router, consentStore } = renderApp('/faq', { stub, consent: null });
    const region = await screen.findByRole('region', { name: 'Your privacy choices' });

    within(region).getByRole('button', { name: 'What this covers' }).focus();
    await user.keyboard('{Enter}');
    expect(within(region).getByText(/A fingerprint of this device/)).toBeInTheDocument();
    await user.tab();
    expect(within(region).getByRole('button', { name: 'Accept' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(consentStore.get()).toBe(true);
    await waitFor(() => expect(stub.requestsTo('POST', '/api/analytics/gdpr-consent/')).toHaveLength(1));
    expect(stub.requestsTo('POST', '/api/analytics/gdpr-consent/')[0].body).toEqual({ consent: true });
    // The page consented on counts as viewed from then on, once; nothing from before is replayed.
    await waitFor(() => expect(stub.analyticsMessages().map((message) => [message.type, message.name])).toEqual([['page', 'Faq']]));
    await router.navigate({ to: '/pricing' });
    await waitFor(() => expect(stub.analyticsMessages().filter((message) => message.type === 'page').map((page) => page.name)).toEqual(['Faq', 'Pricing']));
  });

  it('declining records the refusal and keeps analytics off', async () => {
    const user = userEvent.setup();
    const stub = consentApi();
    const { router, consentStore } = renderApp('/faq', { stub, consent: null });
    const region = await screen.findByRole('region', { name: 'Your privacy choices' });

    await user.click(within(region).getByRole('button', { name: 'Decline' }));

    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(consentStore.get()).toBe(false);
    await waitFor(() => expect(stub.requestsTo('POST', '/api/analytics/gdpr-consent/')[0]?.body).toEqual({ consent: false }));
    await router.navigate({ to: '/pricing' });
    await screen.findByRole('heading', { name: 'Simple, Transparent Pricing' });
    expect(stub.requestsTo('POST', '/api/analytics/batch/')).toEqual([]);
  });

  it('is not shown once answered, and "Privacy choices" in the footer brings it back with the current answer', async () => {
    const user = userEvent.setup();
    const stub = consentApi();
    const { consentStore } = renderApp('/faq', { stub, consent: true });
    await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
    expect(banner()).not.toBeInTheDocument();

    const trigger = screen.getByRole('button', { name: 'Privacy choices' });
    await user.click(trigger);
    const region = await screen.findByRole('region', { name: 'Your privacy choices' });
    expect(region).toHaveFocus();
    expect(region).toHaveTextContent('You currently allow analytics.');

    await user.click(within(region).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(consentStore.get()).toBe(false);
    expect(trigger).toHaveFocus();
  });
});
