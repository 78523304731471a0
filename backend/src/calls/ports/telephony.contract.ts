/**
 * What every TelephonyProvider adapter must do, written once and run against each
 * (sandbox/sandbox-telephony.contract.spec.ts, adapters/twilio/twilio-telephony.contract.spec.ts).
 */
import type { CallHandle, CallProgress, PlaceCallRequest, TelephonyProvider } from './telephony';

/** How the called line behaves. */
export type LineScenario = 'person' | 'voicemail' | 'busy' | 'no_answer';

export interface TelephonyContractCall {
  telephony: TelephonyProvider;
  request: PlaceCallRequest;
}

export interface TelephonyContractFixture {
  /**
   * An adapter and a request to a business whose line behaves as `scenario` says. A person's line rings
   * long enough to hang up while it rings, and the conversation lasts long enough to hang up in it.
   */
  line(scenario: LineScenario): Promise<TelephonyContractCall>;
  cleanup(): Promise<void>;
}

type Kind = CallProgress['kind'];
type ProgressOf<K extends Kind> = Extract<CallProgress, { kind: K }>;

/** Long enough for any scenario at the fixtures' speed, short of Jest's own timeout. */
const CALL_TIMEOUT_MS = 15_000;
/** How long to watch for reports after `finished`, which resolves only after the last one. */
const AFTER_FINISHED_MS = 150;
const HANG_UP_TAKES_EFFECT_MS = 3_000;

class PlacedCall {
  readonly reports: CallProgress[] = [];
  handle!: CallHandle;
  private readonly waiters: { kind: Kind; resolve: (report: CallProgress) => void }[] = [];

  static async place({ telephony, request }: TelephonyContractCall): Promise<PlacedCall> {
    const call = new PlacedCall();
    call.handle = await telephony.placeCall(request, (progress) => call.onProgress(progress));
    return call;
  }

  /** The first report of `kind`, already made or still to come. */
  next<K extends Kind>(kind: K, timeoutMs = CALL_TIMEOUT_MS): Promise<ProgressOf<K>> {
    const made = this.reports.find((report) => report.kind === kind);
    if (made) return Promise.resolve(made as ProgressOf<K>);
    return within(new Promise((resolve) => this.waiters.push({ kind, resolve: resolve as (report: CallProgress) => void })), timeoutMs, `no '${kind}' report`);
  }

  /** Waits for `finished`, then checks that nothing is reported after it. */
  async finish(): Promise<CallProgress[]> {
    await within(this.handle.finished, CALL_TIMEOUT_MS, 'finished did not resolve');
    const atFinish = this.reports.length;
    await new Promise((resolve) => setTimeout(resolve, AFTER_FINISHED_MS));
    expect(this.reports.slice(atFinish)).toEqual([]);
    expectWellOrdered(this.reports);
    return this.reports;
  }

  private onProgress(progress: CallProgress): void {
    this.reports.push(progress);
    for (const waiter of this.waiters.filter((w) => w.kind === progress.kind)) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(progress);
    }
  }
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer!: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const kinds = (reports: CallProgress[]): Kind[] => reports.map((report) => report.kind);
const all = <K extends Kind>(reports: CallProgress[], kind: K) => reports.filter((report): report is ProgressOf<K> => report.kind === kind);
const only = <K extends Kind>(reports: CallProgress[], kind: K): ProgressOf<K> => {
  const found = all(reports, kind);
  expect(found).toHaveLength(1);
  return found[0]!;
};

/** Call-clock times never go back; every segment lies within the answered call and is reported once said. */
function expectWellOrdered(reports: CallProgress[]): void {
  const times = reports.map((report) => report.atMs);
  for (const atMs of times) expect(Number.isFinite(atMs) && atMs >= 0).toBe(true);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  const answered = reports.find((report) => report.kind === 'answered');
  const transcripts = all(reports, 'transcript');
  if (!answered) return void expect(transcripts).toEqual([]);
  const answerIndex = reports.indexOf(answered);
  for (const report of transcripts) {
    const { segment } = report;
    expect(reports.indexOf(report)).toBeGreaterThan(answerIndex);
    expect(segment.text.trim()).not.toBe('');
    expect(segment.startMs).toBeGreaterThanOrEqual(0);
    expect(segment.endMs).toBeGreaterThanOrEqual(segment.startMs);
    expect(segment.confidence).toBeGreaterThanOrEqual(0);
    expect(segment.confidence).toBeLessThanOrEqual(1);
    expect(report.atMs).toBeGreaterThanOrEqual(answered.atMs + segment.endMs);
  }
  for (const speaker of ['caller', 'business'] as const) {
    const spoken = transcripts.filter((report) => report.segment.speaker === speaker).map((report) => report.segment);
    expect(spoken.map((segment) => segment.startMs)).toEqual(spoken.map((segment) => segment.startMs).sort((a, b) => a - b));
    expect(spoken.map((segment) => segment.endMs)).toEqual(spoken.map((segment) => segment.endMs).sort((a, b) => a - b));
  }
}

/** An answered call ends with 'completed' and then its recording, the last report, at the call's end. */
function expectEndOfAnsweredCall(reports: CallProgress[]): ProgressOf<'completed'> {
  const completed = only(reports, 'completed');
  const recording = only(reports, 'recording');
  expect(kinds(reports).slice(-2)).toEqual(['completed', 'recording']);
  expect(recording.atMs).toBe(completed.atMs);
  if (recording.wav) expect(recording.wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
  else expect(recording.note?.trim()).toBeTruthy();
  return completed;
}

function expectNeverAnswered(reports: CallProgress[]): void {
  for (const kind of ['answered', 'transcript', 'dtmf', 'completed', 'recording'] as const) expect(all(reports, kind)).toEqual([]);
}

export function describeTelephonyContract(name: string, factory: () => Promise<TelephonyContractFixture>): void {
  describe(`TelephonyProvider contract: ${name}`, () => {
    let fixture: TelephonyContractFixture;
    beforeAll(async () => {
      fixture = await factory();
    }, 30_000);
    afterAll(() => fixture?.cleanup());

    it('reports a call a person answers: rings, the answer, both sides of the conversation, its end and recording', async () => {
      const call = await PlacedCall.place(await fixture.line('person'));
      expect(typeof call.handle.providerCallId).toBe('string');
      expect(call.handle.providerCallId).not.toBe('');
      const reports = await call.finish();

      const sequence = kinds(reports);
      const answered = only(reports, 'answered');
      expect(answered.answeredBy).toBe('human');
      expect(sequence.indexOf('ringing')).toBeGreaterThanOrEqual(0);
      expect(sequence.indexOf('ringing')).toBeLessThan(sequence.indexOf('answered'));
      expect(sequence.indexOf('answered')).toBeLessThan(sequence.indexOf('completed'));
      const speakers = all(reports, 'transcript').map((report) => report.segment.speaker);
      expect(speakers).toContain('caller');
      expect(speakers).toContain('business');
      expectEndOfAnsweredCall(reports);
      expect(sequence.lastIndexOf('transcript')).toBeLessThan(sequence.indexOf('completed'));
    });

    it('reports a voicemail answer, and the caller hangs up without leaving a message', async () => {
      const call = await PlacedCall.place(await fixture.line('voicemail'));
      const reports = await call.finish();
      const answered = only(reports, 'answered');
      expect(answered.answeredBy).toBe('voicemail');
      expect(all(reports, 'transcript').filter((report) => report.segment.speaker === 'caller')).toEqual([]);
      expectEndOfAnsweredCall(reports);
    });

    it('reports a busy line and nothing of an answer', async () => {
      const call = await PlacedCall.place(await fixture.line('busy'));
      const reports = await call.finish();
      expect(kinds(reports).at(-1)).toBe('busy');
      only(reports, 'busy');
      expectNeverAnswered(reports);
      expect(all(reports, 'no_answer')).toEqual([]);
    });

    it('reports a line nobody picks up, with the rings, and nothing of an answer', async () => {
      const call = await PlacedCall.place(await fixture.line('no_answer'));
      const reports = await call.finish();
      expect(kinds(reports).at(-1)).toBe('no_answer');
      expect(only(reports, 'no_answer').rings).toBeGreaterThanOrEqual(1);
      expectNeverAnswered(reports);
      expect(all(reports, 'busy')).toEqual([]);
    });

    it('ends a call hung up while it rings: no answer is reported, and finished resolves', async () => {
      const call = await PlacedCall.place(await fixture.line('person'));
      await call.next('ringing');
      await call.handle.hangUp();
      const reports = await call.finish();
      expect(kinds(reports).filter((kind) => kind !== 'dialing' && kind !== 'ringing')).toEqual([]);
    });

    it('ends a call hung up mid-conversation: completed by the caller soon after, then the recording', async () => {
      const call = await PlacedCall.place(await fixture.line('person'));
      await call.next('transcript');
      const hungUpAt = Date.now();
      await call.handle.hangUp();
      const completed = await call.next('completed', HANG_UP_TAKES_EFFECT_MS);
      expect(Date.now() - hungUpAt).toBeLessThan(HANG_UP_TAKES_EFFECT_MS);
      expect(completed.endedBy).toBe('caller');
      const reports = await call.finish();
      expect(only(reports, 'answered').answeredBy).toBe('human');
      expectEndOfAnsweredCall(reports);
      await call.handle.hangUp();
      expect(all(call.reports, 'completed')).toHaveLength(1);
    });
  });
}
