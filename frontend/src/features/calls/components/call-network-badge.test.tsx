import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../test/render-app';
import { CallNetworkBadge } from './call-network-badge';

const user = userEvent.setup({ delay: null });

describe('CallNetworkBadge', () => {
  it.each([
    [false, 'Real call', "A real phone call to the business's own line, not a simulation."],
    [true, 'Sandbox call', 'This call ran on the simulated phone network, not a real phone line.'],
  ])('with sandbox %s says %s, and explains it to a keyboard user', async (sandbox, label, explanation) => {
    await renderInApp(<CallNetworkBadge sandbox={sandbox} />);
    const badge = screen.getByText(label).closest('[data-network]') as HTMLElement;
    expect(badge).toHaveAttribute('data-network', sandbox ? 'sandbox' : 'real');

    await user.tab();
    expect(badge).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(explanation);
    await waitFor(() => expect(badge).toHaveAttribute('aria-describedby', tooltip.id));
    // The icon is decoration: the label says it all.
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('stays out of the tab order in a list, explained by its title', async () => {
    await renderInApp(
      <>
        <CallNetworkBadge sandbox={false} compact />
        <CallNetworkBadge sandbox compact />
      </>,
    );
    expect(screen.getByText('Real call').closest('[data-network]')).toHaveAttribute('title', "A real phone call to the business's own line, not a simulation.");
    expect(screen.getByText('Sandbox call').closest('[data-network]')).toHaveAttribute('data-network', 'sandbox');
    await user.tab();
    expect(document.body).toHaveFocus();
  });
});
