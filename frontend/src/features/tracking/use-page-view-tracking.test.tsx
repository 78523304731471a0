import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { type AuthState, signedOutAuth } from '../auth/auth-context';

// /upgrade is a guarded page: a signed-in visitor sees it.
const signedIn: AuthState = { ...signedOutAuth, user: { id: 'user_00000000-0000-4000-8000-000000000001', email: 'sam@example.com', firstName: 'Sam' } };

describe('page view tracking', () => {
  it('sends a page message with the page name on each path or query change, with the landing campaign', async () => {
    const { router, pageViews } = renderApp('/faq?utm_source=newsletter&utm_campaign=spring&utm_medium=email', { auth: signedIn });
    await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    expect(pageViews()[0]).toMatchObject({
      type: 'page',
      name: 'Faq',
      properties: { path: '/faq', page_name: 'Faq' },
      context: { page: { path: '/faq' }, campaign: { source: 'newsletter', name: 'spring', medium: 'email' } },
    });
    expect(pageViews()[0].messageId).toMatch(/^[0-9a-f-]{36}$/);

    await router.navigate({ to: '/upgrade', search: { feature: 'weekly-checkups' } });
    await waitFor(() => expect(pageViews()).toHaveLength(2));
    expect(pageViews()[1]).toMatchObject({ name: 'Upgrade', properties: { search: '?feature=weekly-checkups' }, context: { campaign: { source: 'newsletter' } } });
    expect(pageViews()[1].context?.page?.referrer).toMatch(/\/faq\?utm_source=newsletter/);

    await router.navigate({ to: '/upgrade', search: { feature: 'competitor-analysis' } });
    await waitFor(() => expect(pageViews()).toHaveLength(3));
    expect(new Set(pageViews().map((page) => page.messageId)).size).toBe(3);
  });

  it('sends nothing at all before the visitor consents', async () => {
    const { router, stub } = renderApp('/faq', { auth: signedIn, consent: null });
    await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
    await router.navigate({ to: '/upgrade', search: { feature: 'weekly-checkups' } });
    await screen.findByRole('heading', { name: 'Upgrade' });
    expect(stub.requestsTo('POST', '/api/analytics/batch/')).toEqual([]);
  });
});
