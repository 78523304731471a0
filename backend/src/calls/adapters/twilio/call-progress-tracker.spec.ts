import { CallProgressTracker } from './call-progress-tracker';

const T0 = Date.UTC(2026, 0, 5, 15, 0, 0);
const segment = { speaker: 'caller' as const, text: 'Hi there', startMs: 100, endMs: 900, confidence: 0.9 };

function answeredCall() {
  const tracker = new CallProgressTracker(T0 - 500, 300);
  tracker.status({ status: 'initiated', atMs: T0 });
  tracker.status({ status: 'ringing', atMs: T0 + 2000 });
  return tracker;
}

describe('CallProgressTracker', () => {
  it('times ring and answer from the callbacks and counts rings at the US cadence', () => {
    const tracker = new CallProgressTracker(T0 - 500, 300);
    expect(tracker.status({ status: 'initiated', atMs: T0 }).reports).toEqual([{ kind: 'dialing', atMs: 0 }]);
    expect(tracker.status({ status: 'ringing', atMs: T0 + 2000 }).reports).toEqual([{ kind: 'ringing', atMs: 2000, ring: 1 }]);
    expect(tracker.status({ status: 'in-progress', atMs: T0 + 15_000 }).reports).toEqual([]);
    expect(tracker.machine('human').reports).toEqual([
      { kind: 'ringing', atMs: 15_000, ring: 3 },
      { kind: 'answered', atMs: 15_000, answeredBy: 'human' },
    ]);
    expect(tracker.status({ status: 'completed', atMs: T0 + 75_000, durationSeconds: 60 }).reports).toEqual([{ kind: 'completed', atMs: 75_000, endedBy: 'business' }]);
    expect(tracker.answered).toBe(true);
  });

  it('only moves forward: repeated and late callbacks change nothing', () => {
    const tracker = answeredCall();
    tracker.status({ status: 'in-progress', atMs: T0 + 4000 });
    tracker.machine('human');
    expect(tracker.status({ status: 'ringing', atMs: T0 + 5000 }).reports).toEqual([]);
    expect(tracker.status({ status: 'in-progress', atMs: T0 + 5000 }).reports).toEqual([]);
    expect(tracker.machine('machine_start').reports).toEqual([]);
    expect(tracker.status({ status: 'completed', atMs: T0 + 9000, durationSeconds: 5 }).reports).toHaveLength(1);
    expect(tracker.status({ status: 'completed', atMs: T0 + 9000, durationSeconds: 5 }).reports).toEqual([]);
    expect(tracker.status({ status: 'busy', atMs: T0 + 9500 }).reports).toEqual([]);
  });

  it('takes the answering-machine verdict before the answer, and the answer from the duration when its callback is lost', () => {
    const early = answeredCall();
    expect(early.machine('human').reports).toEqual([]);
    expect(early.status({ status: 'in-progress', atMs: T0 + 3000 }).reports).toEqual([{ kind: 'answered', atMs: 3000, answeredBy: 'human' }]);

    const lost = answeredCall();
    expect(lost.status({ status: 'completed', atMs: T0 + 20_000, durationSeconds: 10 }).reports).toEqual([
      { kind: 'ringing', atMs: 10_000, ring: 2 },
      { kind: 'answered', atMs: 10_000, answeredBy: 'human' },
      { kind: 'completed', atMs: 20_000, endedBy: 'business' },
    ]);
  });

  it.each([
    ['machine_start', 'voicemail'],
    ['machine_end_beep', 'voicemail'],
    ['machine_end_silence', 'voicemail'],
    ['machine_end_other', 'voicemail'],
    ['human', 'human'],
    ['unknown', 'human'],
  ])('maps AnsweredBy=%s to %s, hanging up on a machine at once', (answeredBy, expected) => {
    const tracker = answeredCall();
    tracker.status({ status: 'in-progress', atMs: T0 + 4000 });
    const step = tracker.machine(answeredBy);
    expect(step.reports).toContainEqual({ kind: 'answered', atMs: 4000, answeredBy: expected });
    expect(step.hangUp).toBe(expected === 'voicemail');
  });

  it('reports a fax machine as a failed call and hangs up', () => {
    const tracker = answeredCall();
    tracker.status({ status: 'in-progress', atMs: T0 + 4000 });
    expect(tracker.machine('fax')).toEqual({ reports: [{ kind: 'failed', atMs: 4000, reason: 'a fax machine answered' }], hangUp: true });
    expect(tracker.status({ status: 'completed', atMs: T0 + 6000, durationSeconds: 2 }).reports).toEqual([]);
    expect(tracker.answered).toBe(false);
  });

  it('holds the voice agent’s reports until the answer is reported, then times them from the answer', () => {
    const tracker = answeredCall();
    expect(tracker.agent({ kind: 'transcript', segment })).toEqual([]);
    tracker.status({ status: 'in-progress', atMs: T0 + 4000 });
    expect(tracker.machine('human').reports).toEqual([
      { kind: 'answered', atMs: 4000, answeredBy: 'human' },
      { kind: 'transcript', atMs: 4900, segment },
    ]);
    expect(tracker.agent({ kind: 'dtmf', digits: '2', atMs: 3000 })).toEqual([{ kind: 'dtmf', atMs: 7000, digits: '2' }]);
    expect(tracker.agent({ kind: 'ivr_loop', atMs: 5000 })).toEqual([{ kind: 'ivr_loop', atMs: 9000 }]);
  });

  it('reports busy, no answer with its rings, and carrier failures', () => {
    expect(answeredCall().status({ status: 'busy', atMs: T0 + 2500 }).reports).toEqual([{ kind: 'busy', atMs: 2500 }]);
    expect(answeredCall().status({ status: 'no-answer', atMs: T0 + 32_000 }).reports).toEqual([{ kind: 'no_answer', atMs: 32_000, rings: 6 }]);
    expect(answeredCall().status({ status: 'failed', atMs: T0 + 900, reason: 'SIP 404' }).reports).toEqual([{ kind: 'failed', atMs: 900, reason: 'SIP 404' }]);
  });

  it('reports nothing more for a call we canceled; a cancel by someone else fails the call', () => {
    const ours = answeredCall();
    ours.callerHangsUp();
    expect(ours.status({ status: 'canceled', atMs: T0 + 3000 }).reports).toEqual([]);
    expect(answeredCall().status({ status: 'canceled', atMs: T0 + 3000 }).reports).toEqual([{ kind: 'failed', atMs: 3000, reason: 'the call was canceled' }]);
  });

  it("ends a call at the time limit, or hung up by us, as the caller's", () => {
    const limit = answeredCall();
    limit.status({ status: 'in-progress', atMs: T0 + 4000 });
    limit.machine('human');
    expect(limit.status({ status: 'completed', atMs: T0 + 304_000, durationSeconds: 300 }).reports).toEqual([{ kind: 'completed', atMs: 304_000, endedBy: 'caller' }]);
  });
});
