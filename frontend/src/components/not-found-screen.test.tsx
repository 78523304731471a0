import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

describe('not-found screen', () => {
  it('answers any path outside the route table, with a link home', async () => {
    const { router } = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Return to Home' });
    expect(home).toHaveAttribute('href', '/');

    await userEvent.click(home);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument();
  });

  it('is not shown for the routes of the route table', async () => {
    renderApp('/comparison');
    expect(await screen.findByRole('heading', { name: 'Why Choose Ringcheck?' })).toBeInTheDocument();
    expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument();
  });
});
