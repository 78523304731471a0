import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/api-stub';
import {
  CALL_ID,
  CALL_PATH,
  callFixture,
  completedCall,
  FULL_ANALYSIS,
  OWNER,
  publishCall,
} from '../testing/call-fixtures';
import { renderApp } from '../../../test/render-app';

const PAGE = `/call/${CALL_ID}/analysis`;

async function openAnalysis(call = completedCall('full')) {
  const app = renderApp(PAGE, { auth: OWNER });
  app.stub.on('GET', CALL_PATH, () => jsonResponse(200, call));
  await screen.findByRole('heading', { name: 'Demo Plumbing Co.' });
  return app;
}

const tabEvents = (app: Awaited<ReturnType<typeof openAnalysis>>) =>
  app.stub.trackedEvents().filter((event) => event.name === 'analysis_tab_viewed');

beforeEach(() => {
  // The recording player fetches the audio itself.
  vi.stubGlobal('fetch', async () => new Response(new Uint8Array([1]), { status: 200, headers: { 'Content-Type': 'audio/wav' } }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call analysis page', () => {
  it('shows business, date, duration, phone and the overall score with its sentiment, and records the view', async () => {
    const app = await openAnalysis();

    expect(screen.getByRole('heading', { name: 'Call Analysis' })).toBeInTheDocument();
    expect(screen.getByText('(212) 555-0199')).toBeInTheDocument();
    expect(screen.getByText('1m 05s')).toBeInTheDocument();
    expect(screen.getByText(/^Jan [56], 2026/)).toBeInTheDocument();
    expect(screen.getByLabelText('Overall score 9.3 out of 10')).toBeInTheDocument();
    expect(screen.getByText('Positive')).toBeInTheDocument();
    expect(screen.getByText('Sandbox call')).toBeInTheDocument();
    expect(screen.getByText('Analysed by the rubric')).toBeInTheDocument();
    await waitFor(() =>
      expect(app.stub.trackedEvents()).toContainEqual({ name: 'call_analysis_viewed', data: { call_id: CALL_ID, overall_score: 9.3 } }),
    );
    expect(app.stub.trackedEvents().filter((event) => event.name === 'call_analysis_viewed')).toHaveLength(1);
    expect(tabEvents(app)).toEqual([]);
  });

  it('says when an AI model wrote the report', async () => {
    await openAnalysis(completedCall('full', { analysis: { ...FULL_ANALYSIS, analyzer: 'llm' } }));
    expect(screen.getByText('Analysed by an AI model')).toBeInTheDocument();
  });

  it('has the four tabs and records each change of tab', async () => {
    const app = await openAnalysis();
    const user = userEvent.setup({ delay: null });

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Transcript', 'Metrics', 'Action Items2']);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Transcript' }));
    await user.click(screen.getByRole('tab', { name: 'Metrics' }));
    await user.click(screen.getByRole('tab', { name: /Action Items/ }));
    await user.click(screen.getByRole('tab', { name: 'Overview' }));

    await waitFor(() => expect(tabEvents(app)).toHaveLength(4));
    expect(tabEvents(app).map((event) => event.data)).toEqual([
      { call_id: CALL_ID, tab: 'transcript' },
      { call_id: CALL_ID, tab: 'metrics' },
      { call_id: CALL_ID, tab: 'recommendations' },
      { call_id: CALL_ID, tab: 'overview' },
    ]);
  });

  it('Overview: performance bars at score × 10 in the score colours, strengths, areas for improvement and key topics', async () => {
    await openAnalysis();

    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['100', '65', '40']);
    expect(screen.getByText('10/10')).toHaveStyle({ color: 'var(--mantine-color-green-text)' });
    expect(screen.getByText('6.5/10')).toHaveStyle({ color: 'var(--mantine-color-yellow-text)' });
    expect(screen.getByText('4/10')).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
    expect(screen.getByText('Greeted the caller with the business name')).toBeInTheDocument();
    expect(screen.getByText('Took 3 rings to answer (16.1 s)')).toBeInTheDocument();
    expect(screen.getByText('Availability')).toBeInTheDocument();
    expect(screen.getByText('Scheduling')).toBeInTheDocument();
    // Evidence: quotes from the call can be opened in the transcript; observed facts are stated as they are.
    expect(screen.getByRole('button', { name: '“this is Jessica, how can I help you?” · 0:00' })).toBeInTheDocument();
    const facts = screen.getAllByText('Answered after 3 rings (16.1 s)');
    expect(facts).toHaveLength(2);
    facts.forEach((fact) => expect(fact.closest('button')).toBeNull());
  });

  it('Transcript: the summary, then each line as Business or Caller with m:ss and confidence', async () => {
    await openAnalysis();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('tab', { name: 'Transcript' }));

    expect(screen.getByText('Demo Plumbing Co. answered on the 3rd ring (16.1 s). The caller was booked in.')).toBeInTheDocument();
    const third = document.getElementById('transcript-segment-2')!;
    expect(within(third).getByText('Business')).toBeInTheDocument();
    expect(within(third).getByText('0:12')).toBeInTheDocument();
    expect(within(third).getByText('86% confidence')).toBeInTheDocument();
    const last = document.getElementById('transcript-segment-4')!;
    expect(within(last).getByText('1:06')).toBeInTheDocument();
    expect(within(last).getByText('93% confidence')).toBeInTheDocument();
    expect(within(document.getElementById('transcript-segment-1')!).getByText('Caller')).toBeInTheDocument();
  });

  it('Metrics: duration, wait time in seconds, talk time as a percentage, interruptions, dead air, and indicators Present or Missing', async () => {
    await openAnalysis();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('tab', { name: 'Metrics' }));

    expect(screen.getByRole('group', { name: 'Total duration' })).toHaveTextContent('65.3 s');
    expect(screen.getByRole('group', { name: 'Wait time' })).toHaveTextContent('16.1 s');
    expect(screen.getByRole('group', { name: 'Talk time ratio' })).toHaveTextContent('63%');
    expect(screen.getByRole('group', { name: 'Interruptions' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Dead air time' })).toHaveTextContent('3.5 s');
    expect(within(screen.getByRole('group', { name: 'Greeted by name' })).getByText('Present')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Answered quickly' })).getByText('Missing')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Dead air' })).getByText('Missing')).toBeInTheDocument();
  });

  it('Action Items: category, priority badge in its colour, action, expected impact and implementation', async () => {
    await openAnalysis();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('tab', { name: /Action Items/ }));

    const first = screen.getByRole('region', { name: 'Answer within two rings' });
    expect(within(first).getByText('Responsiveness')).toBeInTheDocument();
    expect(within(first).getByText('High priority').closest('.mantine-Badge-root')).toHaveStyle({
      '--badge-bg': 'var(--mantine-color-red-filled)',
    });
    expect(within(first).getByText('Fewer callers hang up before anyone picks up')).toBeInTheDocument();
    expect(within(first).getByText('Route the line to a second phone after the second ring')).toBeInTheDocument();
    const second = screen.getByRole('region', { name: 'Offer a same-day option' });
    expect(within(second).getByText('Low priority').closest('.mantine-Badge-root')).toHaveStyle({
      '--badge-bg': 'var(--mantine-color-green-filled)',
    });
  });

  it('a quote jumps to its line in the transcript and highlights it', async () => {
    const app = await openAnalysis();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: '“Want me to put you on the schedule?” · 0:12' }));

    expect(screen.getByRole('tab', { name: 'Transcript' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(document.getElementById('transcript-segment-2')).toHaveAttribute('data-highlighted', 'true'));
    expect(document.getElementById('transcript-segment-1')).not.toHaveAttribute('data-highlighted');
    await waitFor(() => expect(tabEvents(app).map((event) => event.data.tab)).toEqual(['transcript']));
  });

  it('an action item’s quote jumps too', async () => {
    await openAnalysis();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: /Action Items/ }));

    await user.click(screen.getByRole('button', { name: '“have a good one!” · 1:06' }));

    await waitFor(() => expect(document.getElementById('transcript-segment-4')).toHaveAttribute('data-highlighted', 'true'));
  });

  it('Export downloads the analysis as JSON; Share copies the report link and says so for 2 s', async () => {
    await openAnalysis();
    const user = userEvent.setup({ delay: null });
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:export'), revokeObjectURL: () => undefined }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });

    await user.click(screen.getByRole('button', { name: 'Export' }));

    expect(clicked).toEqual([`ringcheck-analysis-${CALL_ID}.json`]);
    const exported = JSON.parse(await blobs.at(-1)!.text());
    expect(exported.call).toMatchObject({ id: CALL_ID, business_name: 'Demo Plumbing Co.', phone_number: '+12125550199' });
    expect(exported.analysis.report.overallScore).toBe(9.3);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Share' }));
      expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/call/${CALL_ID}`);
      expect(screen.getByRole('button', { name: 'Link copied' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the analysis is not found, with Back to Calls, for an unknown call', async () => {
    const app = renderApp(PAGE, { auth: OWNER });
    app.stub.on('GET', CALL_PATH, () => jsonResponse(404, { detail: 'Call not found' }));

    expect(await screen.findByRole('heading', { name: 'Call analysis not found' })).toBeInTheDocument();
    expect(screen.getByText("This call may still be processing or doesn't exist")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Calls' })).toHaveAttribute('href', '/calls');
  });

  it('says not found while the call is still running, then shows the analysis when it arrives', async () => {
    const app = renderApp(PAGE, { auth: OWNER });
    app.stub.on('GET', CALL_PATH, () => jsonResponse(200, callFixture()));

    expect(await screen.findByRole('heading', { name: 'Call analysis not found' })).toBeInTheDocument();

    await publishCall(app, completedCall('full'));

    expect(await screen.findByLabelText('Overall score 9.3 out of 10')).toBeInTheDocument();
  });

  it('shows a signed-in visitor who does not own the call the preview behind a 50vh gate', async () => {
    const app = renderApp(PAGE, { auth: OWNER });
    app.stub.on('GET', CALL_PATH, () => jsonResponse(200, completedCall('preview')));

    const preview = await screen.findByTestId('soft-gate-preview');

    expect(preview).toHaveStyle({ maxHeight: '50vh' });
    expect(screen.getByText('Only the owner of this call can see the full analysis.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(FULL_ANALYSIS.report.summary).not.toBe('');
  });
});
