import type { CallEvent, CallRequestedData } from '@ringcheck/projections';
import { deciderSpec } from '../../infrastructure/event-sourcing/testing/decider-spec';
import { analyzeCall } from '../../analysis/rubric/analyze-call';
import { excellentCall } from '../../analysis/rubric/fixtures/call-fixtures';
import { type CallCommand, callDecider } from './call.decider';

const callId = 'call_0b6c9f3e-1234-4abc-8def-0123456789ab';
const request = (over: Partial<CallRequestedData> = {}): CallRequestedData => ({
  callId,
  ownerId: 'anon_1',
  kind: 'secret_shopper',
  discoveryId: null,
  placeSearchResultId: null,
  businessName: "Joe's Plumbing",
  toNumber: '+12125550142',
  fromNumber: '+12125550100',
  business: null,
  retryPolicy: { maxAttempts: 2, retryOn: ['busy', 'no_answer'], delayMs: 1000 },
  timeScale: 1,
  awaitingPlacement: false,
  provider: 'sandbox',
  ...over,
});
const requested: CallEvent = { type: 'CallRequested', data: request() };
const awaiting: CallEvent = { type: 'CallRequested', data: request({ awaitingPlacement: true }) };
const placed = (attempt = 1): CallEvent => ({
  type: 'CallPlaced',
  data: { callId, attempt, provider: 'sandbox', providerCallId: `SB${attempt}`, callerGoal: 'a leaking pipe' },
});
const ended: CallEvent = { type: 'CallEnded', data: { callId, attempt: 1, connectionStatus: 'answered', endedBy: 'caller', durationMs: 30000 } };
const byOwner = ['anon_1'];
const byStranger = ['user_2', 'anon_2'];
const call = deciderSpec(callDecider);

describe('call decider', () => {
  it('given nothing, when a call is requested, then it is queued', () => {
    call.when({ type: 'RequestCall', request: request() }).then([requested]);
  });

  it('given a call awaiting placement, when its owner requests placement, then it is recorded once', () => {
    call.given(awaiting).when({ type: 'RequestPlacement', requesterIds: byOwner }).then([{ type: 'CallPlacementRequested', data: { callId } }]);
    call.given(awaiting, { type: 'CallPlacementRequested', data: { callId } }).when({ type: 'RequestPlacement', requesterIds: byOwner }).thenNothing();
  });

  it('given a queued call, when placed, then attempt 1 is in progress; a repeated report is ignored', () => {
    const cmd: CallCommand = { type: 'RecordPlaced', attempt: 1, provider: 'sandbox', providerCallId: 'SB1', callerGoal: 'a leaking pipe' };
    call.given(requested).when(cmd).then([placed(1)]);
    call.given(requested, placed(1)).when(cmd).thenNothing();
  });

  it('given a busy first attempt with retries left, when the attempt ends, then a retry is scheduled', () => {
    call
      .given(requested, placed(1))
      .when({ type: 'RecordAttemptEnded', attempt: 1, outcome: 'busy', rings: 0, atMs: 1500 })
      .then([{ type: 'CallAttemptEnded', data: { callId, attempt: 1, outcome: 'busy', rings: 0, atMs: 1500, retryInMs: 1000 } }]);
  });

  it('given the last attempt, when it ends unanswered, then the call ends with that connection status', () => {
    const events = call.given(requested, placed(1), placed(2)).when({ type: 'RecordAttemptEnded', attempt: 2, outcome: 'no_answer', rings: 5, atMs: 31000 }).events();
    expect(events[1]).toEqual({
      type: 'CallEnded',
      data: { callId, attempt: 2, connectionStatus: 'no_answer', endedBy: 'network', durationMs: 31000 },
    });
  });

  it('numbers transcript segments in order', () => {
    const segment = { speaker: 'business' as const, text: 'Hello', startMs: 0, endMs: 500, confidence: 0.9 };
    const first: CallEvent = { type: 'TranscriptSegmentRecorded', data: { callId, index: 0, segment } };
    call.given(requested, placed(), first).when({ type: 'RecordSegment', segment }).then([{ type: 'TranscriptSegmentRecorded', data: { callId, index: 1, segment } }]);
  });

  it('given a finished call, when its owner asks to cancel, then it is refused; late reports are ignored', () => {
    call.given(requested, placed(), ended).when({ type: 'Cancel', requesterIds: byOwner }).thenFails('conflict');
    call.given(requested, placed(), ended).when({ type: 'RecordRinging', attempt: 1, ring: 2, atMs: 100 }).thenNothing();
  });

  it('given a canceled call, then nothing but the recording is recorded and analysis is not', () => {
    const canceled: CallEvent = { type: 'CallCanceled', data: { callId, by: 'anon_1' } };
    call.given(requested, placed(), canceled).when({ type: 'RecordAnswered', attempt: 1, answeredBy: 'human', atMs: 9000 }).thenNothing();
    expect(call.given(requested, placed(), canceled).when({ type: 'RecordRecording', recordingId: 'r', durationMs: 1, bytes: 44, note: null }).events()).toHaveLength(1);
  });

  it('records the analysis once, only after the call ended: its figures, then its report apart', () => {
    const analysis = {
      connectionStatus: 'answered' as const,
      attemptsBeforePickup: 1,
      timeToFirstRingMs: 1200,
      timeToAnswerMs: 9000,
      ringsBeforePickup: 2,
      duringBusinessHours: true,
      afterHoursBehavior: null,
      report: analyzeCall(excellentCall()),
    };
    const analyze: CallCommand = { type: 'RecordAnalysis', analyzer: 'rubric', analysis };
    call.given(requested, placed()).when(analyze).thenNothing();
    const analyzed = call.given(requested, placed(), ended).when(analyze).events();
    const { report, ...figures } = analysis;
    expect(analyzed).toEqual([
      { type: 'CallAnalyzed', data: { callId: expect.any(String), analyzer: 'rubric', analysis: { ...figures, overallScore: report.overallScore } } },
      { type: 'CallReportWritten', data: { callId: expect.any(String), analyzer: 'rubric', report } },
    ]);
    call.given(requested, placed(), ended, ...analyzed).when(analyze).thenNothing();
  });
});

describe('call decider: only the owner cancels or places a call', () => {
  it('given a live call, when one of its owner’s ids cancels it, then it is canceled by the first id the requester acts as', () => {
    call.given(requested, placed()).when({ type: 'Cancel', requesterIds: ['user_1', 'anon_1'] }).then([{ type: 'CallCanceled', data: { callId, by: 'user_1' } }]);
  });

  it('given a call, when anyone else cancels it or asks to place it, then it is refused as not theirs', () => {
    call.given(requested, placed()).when({ type: 'Cancel', requesterIds: byStranger }).thenFails('not_allowed', { code: 'forbidden' });
    call.given(awaiting).when({ type: 'RequestPlacement', requesterIds: byStranger }).thenFails('not_allowed', { code: 'forbidden' });
    call.given(requested).when({ type: 'Cancel', requesterIds: [] }).thenFails('not_allowed');
  });

  it('given a finished call, when someone else cancels it, then it is refused as not theirs before it is refused as finished', () => {
    call.given(requested, placed(), ended).when({ type: 'Cancel', requesterIds: byStranger }).thenFails('not_allowed');
  });

  it('given a call without an owner, when anyone cancels it, then it is refused', () => {
    call.given({ type: 'CallRequested', data: request({ ownerId: null }) }).when({ type: 'Cancel', requesterIds: byOwner }).thenFails('not_allowed');
  });

  it('given no call, when cancel is asked, then the call is not found', () => {
    call.when({ type: 'Cancel', requesterIds: byOwner }).thenFails('not_found');
  });
});
