import {
  analysis,
  analyzed,
  analyzedWithReport,
  answered,
  attemptEnded,
  callId,
  callRequested,
  canceled,
  digitsPressed,
  ended,
  failed,
  hold,
  ivrLoopDetected,
  ownerChanged,
  placed,
  placementRequested,
  recordingAvailable,
  ringing,
  segment,
  segmentRecorded,
} from '../testing/call-events';
import { given } from '../testing/given';
import { callsProjection as projection } from './calls.projection';

const timelineOf = (doc: { timeline: { kind: string; text: string }[] } | null) => doc!.timeline.map((entry) => [entry.kind, entry.text]);

describe('calls projection: a request', () => {
  it('queues the call with what was asked for and nothing that happened yet', async () => {
    const { document } = await given(projection, callRequested({}, '2026-11-22T09:30:00.000Z'));
    expect(document).toEqual({
      _id: callId,
      id: callId,
      status: 'queued',
      phase: 'queued',
      kind: 'test',
      ownerId: 'user_1',
      businessName: "Joe's Plumbing",
      toNumber: '+12125550100',
      fromNumber: '+12125550199',
      discoveryId: 'disc_1',
      placeSearchResultId: 'plsr_1',
      business: null,
      provider: 'sandbox',
      providerCallId: null,
      callerGoal: null,
      awaitingPlacement: false,
      timeScale: 1,
      attempts: [],
      retryCount: 0,
      maxAttempts: 2,
      ringCount: 0,
      answeredBy: null,
      transcript: [],
      holdPeriods: [],
      ivrDigits: [],
      ivrLoop: false,
      connectionStatus: null,
      durationMs: null,
      recording: null,
      analysis: null,
      errorMessage: null,
      timeline: [{ at: '2026-11-22T09:30:00.000Z', kind: 'queued', text: 'Call queued' }],
      scheduledAt: '2026-11-22T09:30:00.000Z',
      startedAt: null,
      endedAt: null,
      createdAt: '2026-11-22T09:30:00.000Z',
      updatedAt: '2026-11-22T09:30:00.000Z',
    });
  });

  it("is pushed to the call's room and its owner's, user or visitor, or the call's alone when nobody owns it", async () => {
    expect((await given(projection, callRequested({ ownerId: 'user_1' }))).rooms()).toEqual([`call:${callId}`, 'user:user_1']);
    expect((await given(projection, callRequested({ ownerId: 'anon_1' }))).rooms()).toEqual([`call:${callId}`, 'anonymous:anon_1']);
    expect((await given(projection, callRequested({ ownerId: null }))).rooms()).toEqual([`call:${callId}`]);
  });

  it('keeps nothing for a call it never saw requested', async () => {
    expect((await given(projection, placed(1), ringing(1, 1, 900), ended('answered'))).documents).toEqual({});
  });

  it('waits for placement when asked to, until placement is requested', async () => {
    expect((await given(projection, callRequested({ awaitingPlacement: true }))).document).toMatchObject({ awaitingPlacement: true, status: 'queued' });
    expect((await given(projection, callRequested({ awaitingPlacement: true }), placementRequested())).document).toMatchObject({
      awaitingPlacement: false,
      status: 'queued',
    });
  });

  it('keeps every field an event does not change', async () => {
    const requested = (await given(projection, callRequested({ awaitingPlacement: true }, '2026-11-22T09:30:00.000Z'))).document!;
    const after = (await given(projection, callRequested({ awaitingPlacement: true }, '2026-11-22T09:30:00.000Z'), placementRequested())).document!;
    expect(after).toStrictEqual({ ...requested, awaitingPlacement: false, updatedAt: after.updatedAt });
  });
});

describe('calls projection: an answered call', () => {
  const conversation = () => [
    callRequested({}, '2026-11-22T10:00:00.000Z'),
    placed(1, '2026-11-22T10:00:01.000Z'),
    ringing(1, 1, 1200),
    ringing(1, 2, 4200),
    answered(1, 'human', 7200),
    segmentRecorded(0, 'business', "Joe's Plumbing, how can I help?"),
    segmentRecorded(1, 'caller', 'Do you have anyone free today?'),
    hold(true, 12_000),
    hold(false, 20_000),
    recordingAvailable(),
    ended('answered', '2026-11-22T10:00:45.000Z'),
  ];

  it('follows the call from dialing to its end, with the attempt, transcript, hold and recording', async () => {
    const { document } = await given(projection, ...conversation());
    expect(document).toMatchObject({
      status: 'completed',
      phase: 'analyzing',
      provider: 'sandbox',
      providerCallId: 'SB1',
      callerGoal: 'Book a visit',
      ringCount: 2,
      answeredBy: 'human',
      connectionStatus: 'answered',
      durationMs: 42_000,
      recording: { id: callId, durationMs: 42_000, bytes: 672_044, note: null },
      holdPeriods: [{ startMs: 12_000, endMs: 20_000 }],
      transcript: [segment(0, 'business', "Joe's Plumbing, how can I help?"), segment(1, 'caller', 'Do you have anyone free today?')],
      startedAt: '2026-11-22T10:00:01.000Z',
      endedAt: '2026-11-22T10:00:45.000Z',
      updatedAt: '2026-11-22T10:00:45.000Z',
      analysis: null,
    });
    expect(document!.attempts).toEqual([
      { attempt: 1, providerCallId: 'SB1', firstRingAtMs: 1200, rings: 2, answeredAtMs: 7200, answeredBy: 'human', outcome: 'answered' },
    ]);
    expect(timelineOf(document)).toEqual([
      ['queued', 'Call queued'],
      ['dialing', 'Dialing'],
      ['ringing', 'Ringing'],
      ['answered', 'Answered by a person'],
      ['conversation', 'Conversation started'],
      ['hold', 'Put on hold'],
      ['hold', 'Back from hold'],
      ['ended', 'Call ended'],
    ]);
  });

  it('shows each phase as it is reached', async () => {
    const events = conversation();
    const phases: string[] = [];
    for (let upTo = 1; upTo <= events.length; upTo += 1) phases.push((await given(projection, ...events.slice(0, upTo))).document!.phase);
    expect(phases).toEqual([
      'queued',
      'dialing',
      'ringing',
      'ringing',
      'answered',
      'conversation',
      'conversation',
      'conversation',
      'conversation',
      'conversation',
      'analyzing',
    ]);
  });

  it('is done once analysed, keeping the figures the analyzer found and when, and the report\'s score', async () => {
    const { document } = await given(projection, ...conversation(), analyzed('answered', '2026-11-22T10:01:00.000Z'));
    const { report, ...figures } = analysis('answered');
    expect(document).toMatchObject({ status: 'completed', phase: 'done', connectionStatus: 'answered' });
    expect(document!.analysis).toEqual({ ...figures, overallScore: report.overallScore, analyzer: 'rubric', analyzedAt: '2026-11-22T10:01:00.000Z' });
    expect(timelineOf(document).at(-1)).toEqual(['analyzed', 'Analysis ready']);
  });

  it('keeps the same figures, and not the report, from an analysis recorded with its report in it (schema version 1)', async () => {
    const current = await given(projection, ...conversation(), analyzed('answered', '2026-11-22T10:01:00.000Z'));
    const legacy = await given(projection, ...conversation(), analyzedWithReport('answered', '2026-11-22T10:01:00.000Z'));
    expect(legacy.document!.analysis).toEqual(current.document!.analysis);
  });

  it('never reads the report of an analysis', () => {
    expect(projection.handles).not.toContain('CallReportWritten');
    expect(projection.handles).toContain('CallAnalyzed');
  });

  it('takes the connection status of the analysis over the one the call ended with', async () => {
    const { document } = await given(projection, ...conversation(), analyzed('voicemail'));
    expect(document).toMatchObject({ connectionStatus: 'voicemail', analysis: { connectionStatus: 'voicemail' } });
  });

  it('records each transcript segment once, even when its event is recorded again', async () => {
    const { document } = await given(
      projection,
      callRequested(),
      placed(1),
      answered(1, 'human', 5000),
      segmentRecorded(0, 'business', 'Hello?'),
      segmentRecorded(0, 'business', 'Hello?'),
      segmentRecorded(1, 'caller', 'Hi!'),
      segmentRecorded(1, 'caller', 'Hi!'),
    );
    expect(document!.transcript.map((s) => s.text)).toEqual(['Hello?', 'Hi!']);
    expect(timelineOf(document).filter(([kind]) => kind === 'conversation')).toHaveLength(1);
  });

  it('applies a redelivered event once', async () => {
    const digits = digitsPressed('1');
    const { document } = await given(projection, callRequested(), placed(1), answered(1, 'ivr', 3000), digits, digits);
    expect(document!.ivrDigits).toEqual(['1']);
  });

  it('keeps a hold open until the business comes back, closing only the latest one', async () => {
    const held = await given(projection, callRequested(), placed(1), answered(1, 'human', 3000), hold(true, 5000), hold(false, 8000), hold(true, 10_000));
    expect(held.document!.holdPeriods).toEqual([
      { startMs: 5000, endMs: 8000 },
      { startMs: 10_000, endMs: null },
    ]);
  });
});

describe('calls projection: phone menus', () => {
  it('records the keys pressed and a menu that loops', async () => {
    const { document } = await given(projection, callRequested(), placed(1), answered(1, 'ivr', 3000), digitsPressed('1'), digitsPressed('0'), ivrLoopDetected());
    expect(document).toMatchObject({ answeredBy: 'ivr', ivrDigits: ['1', '0'], ivrLoop: true });
    expect(timelineOf(document).slice(-3)).toEqual([
      ['ivr', 'Pressed 1 in the phone menu'],
      ['ivr', 'Pressed 0 in the phone menu'],
      ['ivr_loop', 'The phone menu kept repeating'],
    ]);
  });

  it('keeps the first answer of an attempt when the menu transfers to a person', async () => {
    const { document } = await given(projection, callRequested(), placed(1), answered(1, 'ivr', 3000), digitsPressed('0'), answered(1, 'human', 9000));
    expect(document!.answeredBy).toBe('human');
    expect(document!.attempts[0]).toMatchObject({ answeredAtMs: 3000, answeredBy: 'ivr', outcome: 'answered' });
    expect(timelineOf(document).filter(([kind]) => kind === 'answered')).toEqual([
      ['answered', 'Answered by a phone menu'],
      ['answered', 'Answered by a person'],
    ]);
  });

  it('names voicemail when it answers', async () => {
    const { document } = await given(projection, callRequested(), placed(1), answered(1, 'voicemail', 6000));
    expect(timelineOf(document).at(-1)).toEqual(['answered', 'Answered by voicemail']);
  });
});

describe('calls projection: retries', () => {
  it('dials a busy line again and counts the retry, keeping each attempt apart', async () => {
    const { document } = await given(
      projection,
      callRequested({}, '2026-11-22T10:00:00.000Z'),
      placed(1, '2026-11-22T10:00:01.000Z'),
      attemptEnded(1, 'busy', 0, 5000),
      placed(2, '2026-11-22T10:00:07.000Z'),
      ringing(2, 1, 1100),
      answered(2, 'human', 4100),
    );
    expect(document).toMatchObject({ retryCount: 1, providerCallId: 'SB2', ringCount: 1, phase: 'answered', startedAt: '2026-11-22T10:00:01.000Z' });
    expect(document!.attempts).toEqual([
      { attempt: 1, providerCallId: 'SB1', firstRingAtMs: null, rings: 0, answeredAtMs: null, answeredBy: null, outcome: 'busy' },
      { attempt: 2, providerCallId: 'SB2', firstRingAtMs: 1100, rings: 1, answeredAtMs: 4100, answeredBy: 'human', outcome: 'answered' },
    ]);
    expect(timelineOf(document).slice(1)).toEqual([
      ['dialing', 'Dialing'],
      ['busy', 'Line busy: trying again'],
      ['dialing', 'Dialing again (attempt 2)'],
      ['ringing', 'Ringing'],
      ['answered', 'Answered by a person'],
    ]);
  });

  it('starts counting rings afresh on each attempt', async () => {
    const { document } = await given(projection, callRequested(), placed(1), ringing(1, 1, 1000), ringing(1, 2, 4000), attemptEnded(1, 'no_answer', 2, 5000), placed(2));
    expect(document).toMatchObject({ ringCount: 0, phase: 'dialing' });
    expect(document!.attempts[0]).toMatchObject({ rings: 2, outcome: 'no_answer' });
  });

  it('says no more is tried after the last attempt', async () => {
    const { document } = await given(
      projection,
      callRequested(),
      placed(1),
      attemptEnded(1, 'no_answer', 5, 5000),
      placed(2),
      attemptEnded(2, 'no_answer', 5, null),
      ended('no_answer'),
    );
    expect(timelineOf(document).filter(([kind]) => kind === 'no_answer')).toEqual([
      ['no_answer', 'No answer after 5 rings: trying again'],
      ['no_answer', 'No answer after 5 rings'],
    ]);
    expect(document).toMatchObject({ status: 'completed', connectionStatus: 'no_answer', retryCount: 1 });
  });
});

describe('calls projection: calls that do not complete', () => {
  it('records a cancel before the call was placed', async () => {
    const { document } = await given(projection, callRequested({ awaitingPlacement: true }), canceled('2026-11-22T10:02:00.000Z'));
    expect(document).toMatchObject({ status: 'canceled', phase: 'canceled', endedAt: '2026-11-22T10:02:00.000Z', startedAt: null });
    expect(timelineOf(document).at(-1)).toEqual(['canceled', 'Call canceled']);
  });

  it('records a cancel while ringing', async () => {
    const { document } = await given(projection, callRequested(), placed(1), ringing(1, 1, 900), canceled('2026-11-22T10:00:05.000Z'));
    expect(document).toMatchObject({ status: 'canceled', phase: 'canceled', endedAt: '2026-11-22T10:00:05.000Z', ringCount: 1 });
  });

  it('records a failure with the message shown to the caller', async () => {
    const { document } = await given(projection, callRequested(), placed(1), failed('The call could not be connected: no route.', '2026-11-22T10:00:03.000Z'));
    expect(document).toMatchObject({
      status: 'failed',
      phase: 'failed',
      errorMessage: 'The call could not be connected: no route.',
      endedAt: '2026-11-22T10:00:03.000Z',
    });
    expect(timelineOf(document).at(-1)).toEqual(['failed', 'The call could not be connected: no route.']);
  });

  it('keeps when the call ended when it fails or is canceled afterwards', async () => {
    const events = [callRequested(), placed(1), answered(1, 'human', 3000), ended('answered', '2026-11-22T10:00:40.000Z')];
    expect((await given(projection, ...events, failed('Analysis failed', '2026-11-22T10:05:00.000Z'))).document).toMatchObject({
      status: 'failed',
      endedAt: '2026-11-22T10:00:40.000Z',
    });
    expect((await given(projection, ...events, canceled('2026-11-22T10:05:00.000Z'))).document).toMatchObject({
      status: 'canceled',
      endedAt: '2026-11-22T10:00:40.000Z',
    });
  });

  it('keeps a failed call failed when it is analysed', async () => {
    const { document } = await given(projection, callRequested(), placed(1), failed('The call could not be connected: no route.'), analyzed('failed'));
    expect(document).toMatchObject({ status: 'failed', phase: 'failed', connectionStatus: 'failed', analysis: { connectionStatus: 'failed' } });
  });
});

describe('calls projection: ownership', () => {
  it("moves the call to its new owner's room when a visitor's call is claimed by an account", async () => {
    const then = await given(projection, callRequested({ ownerId: 'anon_1' }), ownerChanged('anon_1', 'user_1'));
    expect(then.document).toMatchObject({ ownerId: 'user_1' });
    expect(then.rooms()).toEqual([`call:${callId}`, 'user:user_1']);
  });
});
