import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/api-stub';
import {
  CALL_ID,
  CALL_PATH,
  callFixture,
  CANCEL_PATH,
  completedCall,
  FULL_ANALYSIS,
  LIVE_TRANSCRIPT,
  OWNER,
  previewOf,
  publishCall,
  RECORDING_PATH,
} from '../testing/call-fixtures';
import { renderApp } from '../../../test/render-app';

const user = userEvent.setup({ delay: null });
const PAGE = `/call/${CALL_ID}`;
const at = (seconds: number) => `2026-01-05T15:00:${String(seconds).padStart(2, '0')}.000Z`;

const card = () => screen.getByRole('article', { name: 'Call to Demo Plumbing Co.' });
const progress = () => screen.getByLabelText('Call progress');
const step = (label: string) => within(progress()).getByText(label).closest('[data-state]') as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call report page', () => {
  it('shows a skeleton, then the live call: status, sandbox badge, phone and a cancel button', async () => {
    let answer!: (response: Response) => void;
    const app = renderApp(PAGE);
    app.stub.on('GET', CALL_PATH, () => new Promise<Response>((resolve) => (answer = resolve)));

    expect(await screen.findByLabelText('Loading call')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Call report' })).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    await act(async () => answer(jsonResponse(200, callFixture())));

    expect(await screen.findByRole('heading', { name: 'Demo Plumbing Co.' })).toBeInTheDocument();
    expect(within(card()).getByText('In Progress')).toBeInTheDocument();
    expect(within(card()).getByText('Sandbox call')).toBeInTheDocument();
    expect(within(card()).getByText('(212) 555-0199')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Cancel Call' })).toBeInTheDocument();
    expect(step('Dialing')).toHaveAttribute('data-state', 'active');
    expect(app.server.followedRooms()).toEqual([`call:${CALL_ID}`]);
  });

  it('marks a call placed on a real phone line as a real call', async () => {
    const app = renderApp(PAGE, { auth: OWNER });
    const real = callFixture({ sandbox: false, provider: 'twilio', twilio_sid: 'CA0f3b4c5d6e7f80912a3b4c5d6e7f8091', from_number: '+13125550147' });
    app.stub.on('GET', CALL_PATH, () => jsonResponse(200, real));

    expect(await screen.findByRole('heading', { name: 'Demo Plumbing Co.' })).toBeInTheDocument();
    expect(within(card()).getByText('Real call')).toBeInTheDocument();
    expect(within(card()).queryByText('Sandbox call')).not.toBeInTheDocument();
  });

  it('follows the call over its room: ringing with the ring count, who answered, the transcript as it is spoken, then the report', async () => {
    const app = renderApp(PAGE, { auth: OWNER });
    app.stub.on('GET', CALL_PATH, () => jsonResponse(200, callFixture()));
    await screen.findByRole('heading', { name: 'Demo Plumbing Co.' });

    await publishCall(app, callFixture({ phase: 'ringing', ring_count: 2, updated_at: at(4), timeline: [...callFixture().timeline, { at: at(3), kind: 'ringing', text: 'Ringing' }] }));
    expect(within(step('Ringing')).getByText('Ring 2')).toBeInTheDocument();
    expect(step('Ringing')).toHaveAttribute('data-state', 'active');
    expect(step('Dialing')).toHaveAttribute('data-state', 'done');

    const answeredTimeline = [
      ...callFixture().timeline,
      { at: at(3), kind: 'ringing', text: 'Ringing' },
      { at: at(9), kind: 'answered', text: 'Answered by a person' },
      { at: at(10), kind: 'conversation', text: 'Conversation started' },
    ];
    await publishCall(app, 
      callFixture({ phase: 'conversation', ring_count: 3, answered_by: 'human', timeline: answeredTimeline, transcript: LIVE_TRANSCRIPT.slice(0, 1), updated_at: at(11) }),
    );
    expect(within(step('Answered')).getByText('Answered by a person')).toBeInTheDocument();
    expect(within(step('Ringing')).getByText('3 rings')).toBeInTheDocument();
    const transcript = screen.getByRole('log', { name: 'Transcript' });
    expect(within(transcript).getAllByText(/Demo Plumbing Co\., this is Jessica/)).toHaveLength(1);

    await publishCall(app, 
      callFixture({ phase: 'conversation', ring_count: 3, answered_by: 'human', timeline: answeredTimeline, transcript: LIVE_TRANSCRIPT.slice(0, 3), updated_at: at(20) }),
    );
    expect(within(transcript).getByText('Caller')).toBeInTheDocument();
    expect(within(transcript).getByText(/tech out tomorrow morning/)).toBeInTheDocument();
    expect(within(step('Conversation')).getByText('3 lines so far')).toBeInTheDocument();

    await publishCall(app, completedCall('full', { phase: 'analyzing', analysis: null, updated_at: '2026-01-05T15:01:05.400Z' }));
    expect(within(card()).getByText('Waiting for call analysis results')).toBeInTheDocument();
    expect(step('Analyzing')).toHaveAttribute('data-state', 'active');

    vi.stubGlobal('fetch', async () => new Response(new Uint8Array([1, 2]), { status: 200, headers: { 'Content-Type': 'audio/wav' } }));
    await publishCall(app, completedCall('full'));
    expect(await screen.findByRole('heading', { name: 'Overall score' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Call' })).not.toBeInTheDocument();
    expect(app.server.followedRooms()).toEqual([]);
    expect(app.stub.requestsTo('GET', CALL_PATH)).toHaveLength(1);
  });

  it('says a queued call will be placed shortly, and a canceled one was canceled', async () => {
    const app = renderApp(PAGE);
    app.stub.on('GET', CALL_PATH, () => jsonResponse(200, callFixture({ status: 'queued', phase: 'queued', timeline: callFixture().timeline.slice(0, 1) })));

    expect(await screen.findByText('The call is queued and will be placed shortly.')).toBeInTheDocument();
    expect(within(step('Queued')).getByText('Waiting for a free line')).toBeInTheDocument();

    await publishCall(app, callFixture({ status: 'canceled', phase: 'canceled', updated_at: at(30) }));
    expect(within(card()).getByText('The call was canceled.')).toBeInTheDocument();
    expect(step('Canceled')).toHaveAttribute('data-state', 'stopped');
    expect(screen.queryByRole('button', { name: 'Cancel Call' })).not.toBeInTheDocument();
  });

  it.each([
    ['The line was busy on all 3 attempts.', 'The line was busy on all 3 attempts.'],
    [null, 'We were unable to complete the test call. Please try again.'],
  ])('shows the failed card with the call’s error (%s), or the spec’s text when there is none', async (errorMessage, shown) => {
    const app = renderApp(PAGE);
    app.stub.on('GET', CALL_PATH, () => jsonResponse(200, callFixture({ status: 'failed', phase: 'failed', error_message: errorMessage })));

    const failed = await screen.findByRole('alert', { name: 'Call failed' });

    expect(failed).toHaveTextContent(shown);
    expect(within(failed).getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/?action=new-call');
    expect(app.server.followedRooms()).toEqual([]);
  });

  it('offers Back to Home and Try Again when the call cannot be loaded', async () => {
    const app = renderApp(PAGE);
    app.stub.on(
      'GET',
      CALL_PATH,
      () => jsonResponse(404, { detail: 'Call not found' }),
      () => jsonResponse(200, callFixture()),
    );

    expect(
      await screen.findByText('Could not load call report. The call may not exist or you may not have access to it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('heading', { name: 'Demo Plumbing Co.' })).toBeInTheDocument();
  });

  it('cancels with the Canceling Call and Call Canceled toasts, and shows the canceled call', async () => {
    const app = renderApp(PAGE, { auth: OWNER });
    let answer!: (response: Response) => void;
    app.stub
      .on('GET', CALL_PATH, () => jsonResponse(200, callFixture()))
      .on('POST', CANCEL_PATH, () => new Promise<Response>((resolve) => (answer = resolve)));
    await screen.findByRole('heading', { name: 'Demo Plumbing Co.' });

    await user.click(screen.getByRole('button', { name: 'Cancel Call' }));

    expect(await screen.findByText('Canceling Call')).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    await act(async () => answer(jsonResponse(200, callFixture({ status: 'canceled', phase: 'canceled', updated_at: at(30) }))));
    expect(await screen.findByText('Call Canceled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Canceling Call')).not.toBeInTheDocument());
    expect(within(card()).getByText('The call was canceled.')).toBeInTheDocument();
    expect(app.stub.requestsTo('POST', CANCEL_PATH)[0].headers['X-CSRFToken']).toBe('test-token');
  });

  it('says the cancel failed, and reads the call again', async () => {
    const app = renderApp(PAGE, { auth: OWNER });
    app.stub
      .on('GET', CALL_PATH, () => jsonResponse(200, callFixture()), () => jsonResponse(200, completedCall('full')))
      .on('POST', CANCEL_PATH, () => jsonResponse(409, { detail: 'The call has already ended.' }));
    vi.stubGlobal('fetch', async () => new Response(new Uint8Array([1]), { status: 200 }));
    await screen.findByRole('heading', { name: 'Demo Plumbing Co.' });

    await user.click(screen.getByRole('button', { name: 'Cancel Call' }));

    expect(await screen.findByText('Failed to cancel the call. Please try again.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Overall score' })).toBeInTheDocument();
  });

  it('does not offer cancel to a visitor who does not own the call', async () => {
    const app = renderApp(PAGE, { auth: OWNER });
    app.stub.on('GET', CALL_PATH, () => jsonResponse(200, previewOf(callFixture(), false)));

    await screen.findByRole('heading', { name: 'Demo Plumbing Co.' });

    expect(screen.queryByRole('button', { name: 'Cancel Call' })).not.toBeInTheDocument();
    expect(screen.getByText('Only the owner of this call can follow the conversation.')).toBeInTheDocument();
  });
});

describe('call report page: an anonymous owner', () => {
  it('offers cancel to the signed-out visitor who started the call', async () => {
    const app = renderApp(PAGE);
    app.stub.on('GET', CALL_PATH, () => jsonResponse(200, previewOf(callFixture(), true)));

    expect(await screen.findByRole('button', { name: 'Cancel Call' })).toBeInTheDocument();
  });
});

describe('call report page: the soft gate', () => {
  it('shows a visitor the preview in a 40vh area that See Full Preview opens and Hide Preview closes', async () => {
    const app = renderApp(PAGE);
    app.stub.on('GET', CALL_PATH, () => jsonResponse(200, completedCall('preview')));

    const preview = await screen.findByTestId('soft-gate-preview');
    expect(within(preview).getByRole('group', { name: 'Connection status' })).toHaveTextContent('Answered');
    expect(within(preview).getByRole('group', { name: 'Attempts before pickup' })).toHaveTextContent('1');
    expect(within(preview).getByRole('group', { name: 'First-call success' })).toHaveTextContent('Yes');
    expect(preview).toHaveStyle({ maxHeight: '40vh', overflow: 'hidden' });
    expect(screen.queryByRole('group', { name: 'Time to answer' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Overall score' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Call report' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'See Full Preview' }));
    expect(preview).toHaveAttribute('data-expanded', 'true');
    expect(preview.style.maxHeight).toBe('none');

    await user.click(screen.getByRole('button', { name: 'Hide Preview' }));
    expect(preview).toHaveStyle({ maxHeight: '40vh' });
    expect(screen.getByRole('button', { name: 'See Full Preview' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the owner the full report once signed in, without a reload, looking again until the account is linked', async () => {
    const app = renderApp(PAGE);
    app.stub.on(
      'GET',
      CALL_PATH,
      () => jsonResponse(200, completedCall('preview')),
      () => jsonResponse(200, completedCall('preview')),
      () => jsonResponse(200, completedCall('full')),
    );
    vi.stubGlobal('fetch', async () => new Response(new Uint8Array([1]), { status: 200, headers: { 'Content-Type': 'audio/wav' } }));
    await screen.findByTestId('soft-gate-preview');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      app.setAuth(OWNER);
      await act(() => vi.advanceTimersByTimeAsync(2100));
    } finally {
      vi.useRealTimers();
    }

    expect(await screen.findByRole('heading', { name: 'Overall score' })).toBeInTheDocument();
    expect(screen.queryByTestId('soft-gate-preview')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome back, Sam' })).toBeInTheDocument();
    expect(app.stub.requestsTo('GET', CALL_PATH)).toHaveLength(3);
  });
});

describe('call report page: the owner’s report', () => {
  it('shows times in ms under a second, in seconds with one decimal above, and N/A when unknown', async () => {
    const app = renderApp(PAGE, { auth: OWNER });
    const analysis = { ...FULL_ANALYSIS, time_to_first_ring: 850, time_to_answer: 16_119, rings_before_pickup: null };
    app.stub.on('GET', CALL_PATH, () => jsonResponse(200, completedCall('full', { analysis: { ...analysis, recording_url: null } })));

    await screen.findByRole('heading', { name: 'Overall score' });

    expect(screen.getByRole('group', { name: 'Time to first ring' })).toHaveTextContent('850 ms');
    expect(screen.getByRole('group', { name: 'Time to answer' })).toHaveTextContent('16.1 s');
    expect(screen.getByRole('group', { name: 'Rings before pickup' })).toHaveTextContent('N/A');
    expect(screen.getByRole('group', { name: 'Business hours' })).toHaveTextContent('During business hours');
    expect(screen.getByLabelText('Overall score 9.3 out of 10')).toBeInTheDocument();
    expect(screen.getByText('No recording was made for this call.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Detailed Analysis' })).toHaveAttribute('href', `/call/${CALL_ID}/analysis`);
  });

  it('plays the recording from a Blob fetched with the owner’s token, and releases it when the page goes', async () => {
    const app = renderApp(PAGE, { auth: OWNER });
    app.stub.on('GET', CALL_PATH, () => jsonResponse(200, completedCall('full', { analysis: { ...FULL_ANALYSIS, recording_note: 'Recorded on the sandbox network.' } })));
    const requests: Array<{ url: string; authorization: string | undefined }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      requests.push({ url, authorization: (init.headers as Record<string, string>).Authorization });
      return new Response(new Uint8Array([82, 73, 70, 70]), { status: 200, headers: { 'Content-Type': 'audio/wav' } });
    });
    const created: Blob[] = [];
    const revoked: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return 'blob:recording-1';
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    }));

    const audio = await screen.findByLabelText('Call recording');

    expect(audio).toHaveAttribute('src', 'blob:recording-1');
    expect(requests).toEqual([{ url: RECORDING_PATH, authorization: 'Bearer owner-token' }]);
    expect(created[0].size).toBe(4);
    expect(screen.getByText('Recorded on the sandbox network.')).toBeInTheDocument();

    app.unmount();
    expect(revoked).toEqual(['blob:recording-1']);
  });
});
