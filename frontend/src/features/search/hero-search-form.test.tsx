import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { HeroSearchForm } from './hero-search-form';

describe('HeroSearchForm', () => {
  it('shows the spec placeholders', async () => {
    await renderWithProviders(<HeroSearchForm />);
    expect(screen.getByPlaceholderText('e.g., Pizza Palace')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('e.g., New York, NY')).toBeInTheDocument();
  });

  it('shows both errors on an empty submit and sends nothing', async () => {
    const onSearch = vi.fn();
    await renderWithProviders(<HeroSearchForm onSearch={onSearch} />);

    await userEvent.click(screen.getByRole('button', { name: 'Find my business' }));

    expect(screen.getByText('Business name is required')).toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('asks for at least 2 location characters after trimming', async () => {
    await renderWithProviders(<HeroSearchForm />);
    await userEvent.type(screen.getByLabelText('Business name'), 'Pizza Palace');
    await userEvent.type(screen.getByLabelText('Location'), ' N ');

    await userEvent.click(screen.getByRole('button', { name: 'Find my business' }));

    expect(screen.getByText('At least 2 characters required')).toBeInTheDocument();
  });

  it('clears a field error when typing after a failed submit', async () => {
    await renderWithProviders(<HeroSearchForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Find my business' }));

    await userEvent.type(screen.getByLabelText('Business name'), 'P');

    expect(screen.queryByText('Business name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
  });

  it('hands over trimmed values and says honestly that search is coming', async () => {
    const onSearch = vi.fn();
    await renderWithProviders(<HeroSearchForm onSearch={onSearch} initialValues={{ location: '  Austin, TX ' }} />);
    await userEvent.type(screen.getByLabelText('Business name'), '  Joe’s Plumbing ');

    await userEvent.click(screen.getByRole('button', { name: 'Find my business' }));

    expect(onSearch).toHaveBeenCalledWith({ businessName: 'Joe’s Plumbing', location: 'Austin, TX' });
    expect(screen.getByText('Search is coming soon')).toBeInTheDocument();
  });
});
