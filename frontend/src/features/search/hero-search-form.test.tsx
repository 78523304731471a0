import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render-app';
import { HeroSearchForm } from './hero-search-form';
import type { SearchFormValues } from './search-form-validation';
import { useSearchForm } from './use-search-form';

// Typing without a pause between keys keeps the suite fast.
const user = userEvent.setup({ delay: null });

function Harness({
  onSearch,
  initialValues,
}: {
  onSearch: (values: SearchFormValues) => void;
  initialValues?: Partial<SearchFormValues>;
}) {
  const form = useSearchForm(initialValues);
  return <HeroSearchForm form={form} onSearch={onSearch} />;
}

describe('HeroSearchForm', () => {
  it('shows the spec placeholders', async () => {
    await renderInApp(<Harness onSearch={vi.fn()} />);
    expect(screen.getByPlaceholderText('e.g., Pizza Palace')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('e.g., New York, NY')).toBeInTheDocument();
  });

  it('shows both errors on an empty submit and hands over nothing', async () => {
    const onSearch = vi.fn();
    await renderInApp(<Harness onSearch={onSearch} />);

    await user.click(screen.getByRole('button', { name: 'Find my business' }));

    expect(screen.getByText('Business name is required')).toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('asks for at least 2 location characters after trimming', async () => {
    const onSearch = vi.fn();
    await renderInApp(<Harness onSearch={onSearch} />);
    await user.type(screen.getByLabelText('Business name'), 'Pizza Palace');
    await user.type(screen.getByLabelText('Location'), ' N ');

    await user.click(screen.getByRole('button', { name: 'Find my business' }));

    expect(screen.getByText('At least 2 characters required')).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('clears a field error when typing after a failed submit', async () => {
    await renderInApp(<Harness onSearch={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Find my business' }));

    await user.type(screen.getByLabelText('Business name'), 'P');

    expect(screen.queryByText('Business name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
  });

  it('hands over trimmed values', async () => {
    const onSearch = vi.fn();
    await renderInApp(<Harness onSearch={onSearch} initialValues={{ location: '  Austin, TX ' }} />);
    await user.type(screen.getByLabelText('Business name'), '  Joe’s Plumbing ');

    await user.click(screen.getByRole('button', { name: 'Find my business' }));

    expect(onSearch).toHaveBeenCalledWith({ businessName: 'Joe’s Plumbing', location: 'Austin, TX' });
  });
});
