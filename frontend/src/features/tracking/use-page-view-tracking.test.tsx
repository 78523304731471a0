import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { type AuthState, signedOutAuth } from '../auth/auth-context';

// /upgrade is a guarded page: a signed-in visitor sees it.
const signedIn: AuthState = { ...signedOutAuth, user: { id: 'user_00000000-0000-4000-8000-000000000001', email: 'sam@example.com', firstName: 'Sam' } };

describe('page view tracking', () => {
  it('records a page view with the page name on each path or query change', async () => {
    const { router, pageViews } = renderApp('/faq', { auth: signedIn });
    await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
    await waitFor(() => expect(pageViews).toHaveLength(1));
    expect(pageViews[0]).toMatchObject({ event_type: 'page', event_name: 'Faq', event_data: { path: '/faq' } });

    await router.navigate({ to: '/upgrade', search: { feature: 'weekly-checkups' } });
    await waitFor(() => expect(pageViews).toHaveLength(2));
    expect(pageViews[1]).toMatchObject({ event_name: 'Upgrade', event_data: { search: '?feature=weekly-checkups' } });

    await router.navigate({ to: '/upgrade', search: { feature: 'competitor-analysis' } });
    await waitFor(() => expect(pageViews).toHaveLength(3));
  });
});
