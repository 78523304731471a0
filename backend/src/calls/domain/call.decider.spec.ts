import type { CallEvent, CallRequestedData } from '@ringcheck/projections';
import { DomainError, foldEvents } from '../../infrastructure/event-sourcing';
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
const placed = (attempt = 1): CallEvent => ({
  type: 'CallPlaced',
  data: { callId, attempt, provider: 'sandbox', providerCallId: `SB${attempt}`, callerGoal: 'a leaking pipe' },
});
const given = (...events: CallEvent[]) => foldEvents(callDecider, events);
const when = (command: CallCommand, ...history: CallEvent[]) => callDecider.decide(command, given(...history));

describe('call decider', () => {
  it('given nothing, when a call is requested, then it is queued', () => {
    expect(when({ type: 'RequestCall', request: request() })).toEqual([requested]);
  });

  it('given a call awaiting placement, when placement is requested, then it is recorded once', () => {
    const awaiting: CallEvent = { type: 'CallRequested', data: request({ awaitingPlacement: true }) };
    expect(when({ type: 'RequestPlacement' }, awaiting)).toEqual([{ type: 'CallPlacementRequested', data: { callId } }]);
    expect(when({ type: 'RequestPlacement' }, awaiting, { type: 'CallPlacementRequested', data: { callId } })).toEqual([]);
  });

  it('given a queued call, when placed, then attempt 1 is in progress; a repeated report is ignored', () => {
    const cmd: CallCommand = { type: 'RecordPlaced', attempt: 1, provider: 'sandbox', providerCallId: 'SB1', callerGoal: 'a leaking pipe' };
    expect(when(cmd, requested)).toEqual([placed(1)]);
    expect(when(cmd, requested, placed(1))).toEqual([]);
  });

  it('given a busy first attempt with retries left, when the attempt ends, then a retry is scheduled', () => {
    const events = when({ type: 'RecordAttemptEnded', attempt: 1, outcome: 'busy', rings: 0, atMs: 1500 }, requested, placed(1));
    expect(events).toEqual([
      { type: 'CallAttemptEnded', data: { callId, attempt: 1, outcome: 'busy', rings: 0, atMs: 1500, retryInMs: 1000 } },
    ]);
  });

  it('given the last attempt, when it ends unanswered, then the call ends with that connection status', () => {
    const events = when({ type: 'RecordAttemptEnded', attempt: 2, outcome: 'no_answer', rings: 5, atMs: 31000 }, requested, placed(1), placed(2));
    expect(events[1]).toEqual({
      type: 'CallEnded',
      data: { callId, attempt: 2, connectionStatus: 'no_answer', endedBy: 'network', durationMs: 31000 },
    });
  });

  it('numbers transcript segments in order', () => {
    const segment = { speaker: 'business' as const, text: 'Hello', startMs: 0, endMs: 500, confidence: 0.9 };
    const first: CallEvent = { type: 'TranscriptSegmentRecorded', data: { callId, index: 0, segment } };
    expect(when({ type: 'RecordSegment', segment }, requested, placed(), first)).toEqual([
      { type: 'TranscriptSegmentRecorded', data: { callId, index: 1, segment } },
    ]);
  });

  it('given a finished call, when cancel is asked, then it is refused; late reports are ignored', () => {
    const ended: CallEvent = { type: 'CallEnded', data: { callId, attempt: 1, connectionStatus: 'answered', endedBy: 'caller', durationMs: 30000 } };
    expect(() => when({ type: 'Cancel', by: 'anon_1' }, requested, placed(), ended)).toThrow(DomainError);
    expect(when({ type: 'RecordRinging', attempt: 1, ring: 2, atMs: 100 }, requested, placed(), ended)).toEqual([]);
  });

  it('given a canceled call, then nothing but the recording is recorded and analysis is not', () => {
    const canceled: CallEvent = { type: 'CallCanceled', data: { callId, by: 'anon_1' } };
    expect(when({ type: 'RecordAnswered', attempt: 1, answeredBy: 'human', atMs: 9000 }, requested, placed(), canceled)).toEqual([]);
    expect(when({ type: 'RecordRecording', recordingId: 'r', durationMs: 1, bytes: 44, note: null }, requested, placed(), canceled)).toHaveLength(1);
  });

  it('records the analysis once, only after the call ended', () => {
    const analysis = {
      connectionStatus: 'answered' as const,
      attemptsBeforePickup: 1,
      timeToFirstRingMs: 1200,
      timeToAnswerMs: 9000,
      ringsBeforePickup: 2,
      duringBusinessHours: true,
      afterHoursBehavior: null,
      report: {},
    };
    const ended: CallEvent = { type: 'CallEnded', data: { callId, attempt: 1, connectionStatus: 'answered', endedBy: 'caller', durationMs: 30000 } };
    expect(when({ type: 'RecordAnalysis', analyzer: 'rubric', analysis }, requested, placed())).toEqual([]);
    const analyzed = when({ type: 'RecordAnalysis', analyzer: 'rubric', analysis }, requested, placed(), ended);
    expect(analyzed).toHaveLength(1);
    expect(when({ type: 'RecordAnalysis', analyzer: 'rubric', analysis }, requested, placed(), ended, analyzed[0])).toEqual([]);
  });
});
