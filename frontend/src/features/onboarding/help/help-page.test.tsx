import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import type { AuthState } from '../../auth/auth-context';
import { SUPPORT_EMAIL } from '../../auth/support-contact';

const signedIn: AuthState = {
  status: 'ready',
  user: { id: 'user_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', email: 'owner@example.com', firstName: 'Dana' },
  origin: 'restore',
  getToken: async () => 'token-1',
  refreshToken: async () => 'token-1',
};

describe('/help', () => {
  it('explains how a call works, every metric, the scores with their colours, and how to reach support', async () => {
    window.localStorage.setItem('rc_analytics_user_id', signedIn.user!.id);
    renderApp('/help', { auth: signedIn });

    expect(await screen.findByRole('region', { name: 'How a test call works' })).toHaveTextContent('We call like a customer');
    const metrics = screen.getByRole('region', { name: 'What each metric means' });
    for (const name of ['Connection status', 'Attempts before pickup', 'Time to first ring', 'Time to answer', 'Rings before pickup', 'Business hours compliance']) {
      expect(within(metrics).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(metrics).getByText('IVR loop')).toBeInTheDocument();
    await userEvent.click(within(metrics).getByRole('button', { name: 'Attempts before pickup' }));
    expect(within(metrics).getByText(/first-call success/)).toBeInTheDocument();

    const scores = screen.getByRole('region', { name: 'Scores and their colours' });
    expect(within(scores).getByText('8 or more')).toBeInTheDocument();
    expect(within(scores).getByText('Green: customers are well served.')).toBeInTheDocument();
    expect(within(scores).getByText('Below 6')).toBeInTheDocument();

    const contact = screen.getByRole('region', { name: 'Contact us' });
    expect(within(contact).getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(within(contact).getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute('href', '/faq');
  });
});
