import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../auth/auth-context';
import { ApiStub, jsonResponse } from '../../test/api-stub';
import { renderApp } from '../../test/render-app';
import { localDateTimeOf } from './conversion-range';
import { ANALYST, EMPTY_REPORT, NOT_ANALYST, REPORT, REPORT_PATH, reportPath } from './testing/conversion-fixtures';

const user = userEvent.setup({ delay: null });

const answer = (body: unknown, status = 200) => () => jsonResponse(status, body);

/** The report requests a stub received, as paths ('calls()' leaves out everything under /api/analytics/). */
const reportRequests = (stub: ApiStub) => stub.requests.filter((request) => request.url.startsWith(REPORT_PATH)).map((request) => request.url);

function openConversion(stub: ApiStub, path = '/analytics', auth: AuthState = ANALYST) {
  return renderApp(path, { auth, stub });
}

const sidebar = () => within(screen.getByRole('navigation', { name: 'Account' }));
const row = (table: HTMLElement, header: string) => within(within(table).getByRole('rowheader', { name: header }).closest('tr')!);

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('the conversion page', () => {
  it('shows placeholders while the figures load, under the range form', async () => {
    openConversion(new ApiStub().on('GET', REPORT_PATH, () => new Promise<Response>(() => undefined)));

    expect(await screen.findByRole('heading', { level: 1, name: 'Conversion' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Loading the figures' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByTestId('conversion-placeholder')).toHaveLength(3);
    expect(screen.getByRole('form', { name: 'Date range' })).toBeInTheDocument();
  });

  it('shows the funnel, time to sign-up, weekly trends and sources, and what they are as of', async () => {
    const stub = new ApiStub().on('GET', REPORT_PATH, answer(REPORT));
    openConversion(stub);

    const funnel = await screen.findByRole('table', { name: 'Visitors at each stage' });
    expect(within(funnel).getAllByRole('row').map((tr) => [...tr.children].map((cell) => cell.textContent))).toEqual([
      ['Stage', 'Visitors', 'Of the stage before', 'Of all visitors'],
      ['Visited', '120', '–', '100%'],
      ['Searched', '84', '70%', '70%'],
      ['Called', '30', '35.7%', '25%'],
      ['Signed up', '12', '40%', '10%'],
    ]);
    expect(screen.getByRole('img', { name: 'Funnel of visitors: visited, searched, called, signed up' })).toHaveAttribute(
      'aria-describedby',
      funnel.id,
    );

    expect(screen.getByTestId('median-time-to-conversion')).toHaveTextContent('Median: 2.5 hours');
    const buckets = screen.getByRole('table', { name: 'Sign-ups by time from first visit' });
    expect(row(buckets, 'Under 1 hour').getByText('5')).toBeInTheDocument();
    expect(row(buckets, 'Over 30 days').getByText('0')).toBeInTheDocument();

    const weeks = screen.getByRole('table', { name: "Each week's visitors and how far they got" });
    expect(within(weeks).getAllByTestId('week-row').map((tr) => tr.textContent)).toEqual([
      '2026-W45 (from Nov 2, 2026)302062',
      '2026-W46 (from Nov 9, 2026)4030125',
      '2026-W47 (from Nov 16, 2026)5034125',
    ]);
    expect(screen.getByRole('img', { name: 'Visitors, searches, calls and sign-ups per week' })).toBeInTheDocument();

    const sources = screen.getByRole('table', { name: 'Visitors by where they came from, and how many signed up' });
    expect(within(sources).getAllByTestId('source-row').map((tr) => tr.firstChild!.textContent)).toEqual(['direct', 'newsletter, "winter"']);
    expect(row(sources, 'direct').getByText('12.9%')).toBeInTheDocument();

    expect(screen.getByTestId('as-of')).toHaveTextContent(/^Figures as of event #1,234, recorded Nov 24, 2026, /);
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-02');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-22');
    expect(screen.getByLabelText('As of')).toHaveValue('');
    expect(reportRequests(stub)).toEqual([REPORT_PATH]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Funnel',
      'Weekly trends',
      'Time to sign-up',
      'By source',
    ]);
  });

  it('offers the page in the sidebar to an analyst', async () => {
    openConversion(new ApiStub().on('GET', REPORT_PATH, answer(REPORT)));

    await screen.findByRole('table', { name: 'Visitors at each stage' });
    expect(sidebar().getByRole('link', { name: 'Conversion' })).toHaveAttribute('href', '/analytics');
    expect(document.title).toBe('Conversion | Ringcheck');
  });

  it('reads the range and moment from the address', async () => {
    const query = { from: '2026-10-01', to: '2026-10-31', as_of: '2026-11-01T12:00:00.000Z' };
    const stub = new ApiStub().on('GET', reportPath(query), answer({ ...REPORT, from: query.from, to: query.to }));
    openConversion(stub, `/analytics?${new URLSearchParams(query)}`);

    await screen.findByRole('table', { name: 'Visitors at each stage' });
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-01');
    expect(screen.getByLabelText('As of')).toHaveValue(localDateTimeOf(query.as_of));
    expect(screen.getByTestId('as-of')).toHaveTextContent('(a past moment, chosen above)');
  });

  it('changes the range through the address, and refuses one that runs backwards', async () => {
    const chosen = { from: '2026-10-01', to: '2026-10-31' };
    const stub = new ApiStub()
      .on('GET', REPORT_PATH, answer(REPORT))
      .on('GET', reportPath(chosen), answer({ ...REPORT, ...chosen, funnel: { visitors: 7, searched: 3, called: 1, signed_up: 1 } }));
    const { router } = openConversion(stub);
    await screen.findByRole('table', { name: 'Visitors at each stage' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(/The last day cannot be before the first/);
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(reportRequests(stub)).toEqual([REPORT_PATH]);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Date range' }));

    await waitFor(() => expect(router.state.location.search).toEqual(chosen));
    const funnel = await screen.findByRole('table', { name: 'Visitors at each stage' });
    await waitFor(() => expect(row(funnel, 'Visited').getByText('7')).toBeInTheDocument());
    expect(reportRequests(stub)).toEqual([REPORT_PATH, reportPath(chosen)]);
  });

  it('shows the figures as of a past moment, and goes back to the latest', async () => {
    const range = { from: '2026-11-02', to: '2026-11-22' };
    const local = '2026-11-20T09:30';
    const asOf = new Date(local).toISOString();
    const stub = new ApiStub()
      .on('GET', REPORT_PATH, answer(REPORT))
      .on('GET', reportPath({ ...range, as_of: asOf }), answer({ ...REPORT, as_of: { position: 900, occurred_at: '2026-11-20T09:29:00.000Z' } }))
      .on('GET', reportPath(range), answer(REPORT));
    const { router } = openConversion(stub);
    await screen.findByRole('table', { name: 'Visitors at each stage' });

    fireEvent.change(screen.getByLabelText('As of'), { target: { value: local } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(screen.getByTestId('as-of')).toHaveTextContent(/^Figures as of event #900, recorded Nov 20, 2026/));
    expect(router.state.location.search).toEqual({ ...range, as_of: asOf });

    await user.click(screen.getByRole('button', { name: 'Latest figures' }));
    await waitFor(() => expect(screen.getByTestId('as-of')).toHaveTextContent(/^Figures as of event #1,234/));
    expect(router.state.location.search).toEqual(range);
    expect(screen.getByLabelText('As of')).toHaveValue('');
  });

  it('says when nobody visited in the range, and goes back to the usual range', async () => {
    const range = { from: '2026-01-05', to: '2026-01-11' };
    const stub = new ApiStub().on('GET', reportPath(range), answer(EMPTY_REPORT)).on('GET', REPORT_PATH, answer(REPORT));
    const { router } = openConversion(stub, `/analytics?${new URLSearchParams(range)}`);

    expect(await screen.findByRole('heading', { level: 2, name: 'No visitors in this range' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByTestId('as-of')).toHaveTextContent('Figures as of event #1,234');

    await user.click(screen.getByRole('button', { name: 'Show the last 12 weeks' }));
    expect(await screen.findByRole('table', { name: 'Visitors at each stage' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-02');
  });

  it('shows the server’s message when the figures cannot be loaded, and tries again', async () => {
    const stub = new ApiStub().on(
      'GET',
      REPORT_PATH,
      answer({ error: 'service_unavailable', user_message: 'The figures are being rebuilt. Try again in a minute.' }, 503),
      answer({ error: 'service_unavailable', user_message: 'The figures are being rebuilt. Try again in a minute.' }, 503),
      answer({ error: 'service_unavailable', user_message: 'The figures are being rebuilt. Try again in a minute.' }, 503),
      answer(REPORT),
    );
    openConversion(stub);

    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('The figures could not be loaded');
    expect(alert).toHaveTextContent('The figures are being rebuilt. Try again in a minute.');

    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Visitors at each stage' })).toBeInTheDocument();
  }, 15_000);

  it('shows a bad range the server refused with its message', async () => {
    const range = { from: '2020-01-01', to: '2026-11-22' };
    const stub = new ApiStub().on('GET', reportPath(range), answer({ error: 'invalid', detail: 'from: the range may span at most 2 years' }, 400));
    openConversion(stub, `/analytics?${new URLSearchParams(range)}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('from: the range may span at most 2 years');
  });

  it('tells a user without the role that the page is for analysts, and offers no link to it', async () => {
    const refusal = answer({ error: 'forbidden', detail: 'The conversion report is for analysts.' }, 403);
    const stub = new ApiStub().on('GET', REPORT_PATH, refusal);
    openConversion(stub, '/analytics', NOT_ANALYST);

    expect(await screen.findByRole('heading', { level: 2, name: 'This page is for analysts' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Date range' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Getting Started' })).toHaveAttribute('href', '/getting-started');
    expect(sidebar().queryByRole('link', { name: 'Conversion' })).not.toBeInTheDocument();
  });

  it('believes the server over the session: an analyst refused by the server sees the refusal too', async () => {
    openConversion(new ApiStub().on('GET', REPORT_PATH, answer({ error: 'forbidden' }, 403)));

    expect(await screen.findByRole('heading', { level: 2, name: 'This page is for analysts' })).toBeInTheDocument();
  });

  it('downloads the weekly and source rows as a UTF-8 CSV named for the range', async () => {
    const files: Array<{ name: string; blob: Blob }> = [];
    let pending: Blob | null = null;
    // jsdom makes no object URLs: these keep the file the page hands the browser.
    URL.createObjectURL = (blob: Blob) => {
      pending = blob;
      return 'blob:conversion';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.href === 'blob:conversion' && pending) files.push({ name: this.download, blob: pending });
    });
    openConversion(new ApiStub().on('GET', REPORT_PATH, answer(REPORT)));

    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));

    expect(files.map((file) => file.name)).toEqual(['ringcheck-conversion_2026-11-02_2026-11-22_event-1234.csv']);
    expect(files[0].blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await files[0].blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n').slice(0, 2)).toEqual(['section,key,visitors,searched,called,signed_up', 'week,2026-11-02,30,20,6,2']);
    expect(text).toContain('source,"newsletter, ""winter""",50,34,10,3');
  });
});
