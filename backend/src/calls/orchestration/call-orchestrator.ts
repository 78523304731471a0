import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, Optional } from '@nestjs/common';
import { asDomainEvent, CALL_EVENTS, type CallDocument, callsProjection, type EventStore, type ProjectionRunner } from '@ringcheck/projections';
import { executeCommand, foldHistory, retryWhileStoreUnavailable, systemContext } from '../../infrastructure/event-sourcing';
import { EVENT_STORE, PROJECTION_RUNNER, repeatEvery, type WorkLeases } from '../../infrastructure/storage';
import { type CallCommand, type CallState, callDecider, callStream } from '../domain/call.decider';
import { type CalledBusiness, type CallHandle, type CallProgress, TELEPHONY, type TelephonyProvider } from '../ports/telephony';
import { CallAnalysisStep } from './call-analysis.step';
import { CallLines } from './call-lines';
import { connectionStatusOf } from './connection-status';
import { callerGoalFor } from '../adapters/voice-agent';
import { RecordingStore } from './recording-store';

const INTERRUPTED = 'The call was interrupted when the service restarted. Please try again.';
const NOT_ON_SANDBOX =
  'This number is not on the sandbox phone network, which reaches only the businesses in the bundled directory. Connect a real carrier to call other numbers.';

/** A number called by hand (test-call) that no directory knows: the caller pursues the generic goal. */
const unlistedBusiness = (doc: Pick<CallDocument, 'toNumber' | 'businessName'>): CalledBusiness => ({
  placeId: doc.toNumber,
  name: doc.businessName,
  businessTypes: [],
  timeZone: null,
  utcOffsetMinutes: null,
  openingPeriods: [],
});

/** The orchestrator's WorkLeases, or null when the stores are this node's alone. */
export const CALL_LEASES = Symbol('CALL_LEASES');

/** Calls looked at per sweep for a node to adopt. */
const ADOPT_BATCH = 200;
/**
 * Finished calls waiting for their analysis. The phase says as much as the null analysis (a completed
 * call is `analyzing` until it is analysed) and is a plain equality, which every engine answers from
 * its index: FerretDB reads every completed call for a null condition alone, every sweep, on every node.
 */
const AWAITING_ANALYSIS = { status: 'completed', phase: 'analyzing', 'analysis.analyzedAt': null } as const;

const newActiveCall = (): ActiveCall => ({ handle: null, retryTimer: null, chain: Promise.resolve(), answeredBy: null, ivrLoop: false, reachedPerson: false, stopped: false });

interface ActiveCall {
  handle: CallHandle | null;
  retryTimer: NodeJS.Timeout | null;
  /** Progress reports are recorded one after another, in the order the provider sent them. */
  chain: Promise<void>;
  answeredBy: 'human' | 'voicemail' | 'ivr' | null;
  ivrLoop: boolean;
  reachedPerson: boolean;
  /** Canceled while the provider was still placing it: hung up as soon as it has a handle. */
  stopped: boolean;
}

/**
 * Runs calls: places each attempt with the telephony provider, records what it reports as events,
 * retries busy and unanswered lines per the call's policy, then has the call analysed.
 * At start-up it resolves what a previous process left: queued calls are placed, calls that were
 * mid-conversation are failed with a clear message, ended calls without analysis are analysed.
 * During an event store outage a call's reports wait, in order, and are recorded once the store is back.
 * Calls in flight share a few lines ({@link CallLines}): over the cap a call stays queued until one frees.
 *
 * With stores several nodes share, each call is worked under a lease its node renews ({@link WorkLeases});
 * every node sweeps for calls whose lease lapsed (their node died) and adopts them: a queued call is
 * placed, one waiting to be retried is retried when due, one cut off mid-conversation fails with the
 * reason, an ended one is analysed. A cancel made on another node reaches the call at the next renewal.
 */
@Injectable()
export class CallOrchestrator implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Calls');
  private readonly active = new Map<string, ActiveCall>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly shutdown = new AbortController();
  /** What waits for the lease work in progress. */
  private readonly leaseWork: (() => Promise<void>)[] = [];

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(TELEPHONY) private readonly telephony: TelephonyProvider,
    private readonly analysis: CallAnalysisStep,
    private readonly recordings: RecordingStore,
    private readonly lines: CallLines,
    @Optional() @Inject(CALL_LEASES) private readonly leases: WorkLeases | null = null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.leases) return this.keepLeases(this.leases);
    // After an upgrade the calls read model may still be built beside the others: resume once it is whole.
    if (this.runner.isBuilt(callsProjection)) await this.resumeUnfinished();
    else this.track(this.runner.whenBuilt(callsProjection).then(() => this.resumeUnfinished()));
  }

  /** Queued calls are placed, calls that were live when the process stopped fail, ended calls are analysed. */
  private async resumeUnfinished(): Promise<void> {
    const calls = this.runner.collection(callsProjection);
    for (const call of await calls.find({ status: { $in: ['queued', 'in_progress'] } }, { sort: { createdAt: 1 } })) {
      if (call.status === 'queued' && call.awaitingPlacement) continue;
      if (call.status === 'queued') this.start(call.id);
      else await this.decide(call.id, { type: 'Fail', reason: 'interrupted', errorMessage: INTERRUPTED });
    }
    for (const call of await calls.find(AWAITING_ANALYSIS)) {
      this.track(this.analysis.run(call.id, this.shutdown.signal));
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.shutdown.abort();
    await Promise.all(this.leaseWork.map((inProgress) => inProgress()));
    for (const [callId, call] of this.active) {
      if (call.retryTimer) clearTimeout(call.retryTimer);
      await call.handle?.hangUp().catch(() => undefined);
      this.active.delete(callId);
    }
    await Promise.allSettled([...this.pending]);
    // Hung up here, the calls are for another node to settle at once rather than when their leases lapse.
    await this.leases?.releaseAll().catch(() => undefined);
  }

  /** Places the first attempt of a queued call (in the background) once it holds a line. */
  start(callId: string): void {
    if (this.shutdown.signal.aborted || this.active.has(callId)) return;
    if (!this.leases) return this.begin(callId);
    // Another node may have adopted it already (it saw the call queued first): then it is theirs.
    this.track(this.leases.claim(callId).then((mine) => mine && this.begin(callId)));
  }

  private begin(callId: string): void {
    if (this.shutdown.signal.aborted || this.active.has(callId)) return;
    this.active.set(callId, newActiveCall());
    this.lines.enter(callId, () => this.track(this.placeAttempt(callId)));
  }

  /** Ends a live call: hangs up, stops retries; the decider has already recorded the cancel. */
  async stop(callId: string): Promise<void> {
    const call = this.active.get(callId);
    if (!call) return;
    if (this.lines.isWaiting(callId)) return this.finish(callId);
    call.stopped = true;
    if (call.retryTimer) clearTimeout(call.retryTimer);
    await call.handle?.hangUp().catch((error: Error) => this.logger.warn(`Hang-up failed: ${error.message}`));
  }

  /** Resolves once nothing is being placed, recorded or analysed (tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track<T>(work: Promise<T>): void {
    const tracked = work.catch((error: Error) => this.logger.error(`Call work failed: ${error.message}`, error.stack));
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
  }

  private async placeAttempt(callId: string): Promise<void> {
    const call = this.active.get(callId);
    if (!call || this.shutdown.signal.aborted) return;
    const state = await this.state(callId);
    if (state.status !== 'queued' && state.status !== 'in_progress') return this.finish(callId);
    const doc = await this.request(callId);
    // A carrier reaches any number; only the sandbox needs the business to be one of its own.
    const business = doc.business ?? (this.telephony.adapterName === 'sandbox' ? null : unlistedBusiness(doc));
    if (!business) {
      await this.decide(callId, { type: 'Fail', reason: 'not_on_network', errorMessage: NOT_ON_SANDBOX });
      return this.finish(callId);
    }
    const attempt = state.attempt + 1;
    let placed!: () => void;
    const placedRecorded = new Promise<void>((resolve) => (placed = resolve));
    call.chain = placedRecorded;
    call.answeredBy = null;
    call.ivrLoop = false;
    call.reachedPerson = false;
    try {
      const handle = await this.telephony.placeCall(
        { callId, to: doc.toNumber, from: doc.fromNumber, business, timeScale: doc.timeScale, attempt },
        (progress) => {
          call.chain = call.chain.then(() => this.onProgress(callId, attempt, progress, doc.timeScale));
          this.track(call.chain);
        },
      );
      call.handle = handle;
      if (call.stopped) await handle.hangUp().catch((error: Error) => this.logger.warn(`Hang-up failed: ${error.message}`));
      await this.decide(callId, {
        type: 'RecordPlaced',
        attempt,
        provider: this.telephony.adapterName,
        providerCallId: handle.providerCallId,
        callerGoal: callerGoalFor(business).summary,
      });
      placed();
      await handle.finished;
      await call.chain;
    } catch (error) {
      placed();
      this.logger.error(`Placing call failed: ${(error as Error).message}`);
      await this.decide(callId, { type: 'Fail', reason: 'provider_error', errorMessage: 'The phone provider could not place the call. Please try again.' });
      return this.finish(callId);
    }
    if (!call.retryTimer) await this.afterAttempt(callId);
  }

  private async onProgress(callId: string, attempt: number, progress: CallProgress, timeScale: number): Promise<void> {
    const call = this.active.get(callId);
    if (!call) return;
    switch (progress.kind) {
      case 'dialing':
        return;
      case 'ringing':
        await this.decide(callId, { type: 'RecordRinging', attempt, ring: progress.ring, atMs: progress.atMs });
        return;
      case 'answered':
        // A phone menu that transfers to a person is reported as a second answer, by 'human'.
        call.answeredBy = progress.answeredBy;
        if (progress.answeredBy === 'human') call.reachedPerson = true;
        await this.decide(callId, { type: 'RecordAnswered', attempt, answeredBy: progress.answeredBy, atMs: progress.atMs });
        return;
      case 'busy':
      case 'no_answer': {
        const rings = progress.kind === 'no_answer' ? progress.rings : 0;
        const events = await this.decide(callId, { type: 'RecordAttemptEnded', attempt, outcome: progress.kind, rings, atMs: progress.atMs });
        const ended = events.find((e) => e.type === 'CallAttemptEnded') as { data: { retryInMs: number | null } } | undefined;
        const retryInMs = ended?.data.retryInMs ?? null;
        if (retryInMs !== null) {
          call.retryTimer = setTimeout(() => {
            call.retryTimer = null;
            this.track(this.placeAttempt(callId));
          }, retryInMs * timeScale);
        }
        return;
      }
      case 'failed':
        await this.decide(callId, { type: 'Fail', reason: 'unreachable', errorMessage: `The call could not be connected: ${progress.reason}.` });
        return;
      case 'transcript':
        await this.decide(callId, { type: 'RecordSegment', segment: progress.segment });
        return;
      case 'dtmf':
        await this.decide(callId, { type: 'RecordDigits', digits: progress.digits, atMs: progress.atMs });
        return;
      case 'hold':
        await this.decide(callId, { type: 'RecordHold', on: progress.on, atMs: progress.atMs });
        return;
      case 'ivr_loop':
        call.ivrLoop = true;
        await this.decide(callId, { type: 'RecordIvrLoop', atMs: progress.atMs });
        return;
      case 'completed':
        await this.decide(callId, {
          type: 'RecordEnded',
          attempt,
          connectionStatus: connectionStatusOf(call.answeredBy, call.ivrLoop, call.reachedPerson),
          endedBy: progress.endedBy,
          durationMs: progress.atMs,
        });
        return;
      case 'recording': {
        if (!progress.wav) return;
        const stored = await this.recordings.save(callId, progress.wav);
        await this.decide(callId, {
          type: 'RecordRecording',
          recordingId: callId,
          durationMs: progress.atMs,
          bytes: stored.bytes,
          note: progress.note,
        });
        return;
      }
    }
  }

  /** After an attempt's last report: analyse an ended call, or leave it to the scheduled retry. */
  private async afterAttempt(callId: string): Promise<void> {
    if (!this.active.has(callId)) return;
    const state = await this.state(callId);
    if (state.ended) {
      this.lines.leave(callId);
      await this.analysis.run(callId, this.shutdown.signal);
      return this.finish(callId);
    }
    if (state.status === 'in_progress' && !this.active.get(callId)?.retryTimer) {
      // The provider stopped reporting without an ending: never leave the call in progress.
      await this.decide(callId, { type: 'Fail', reason: 'no_final_status', errorMessage: 'The phone provider stopped reporting on this call.' });
    }
    if (state.status !== 'in_progress' && state.status !== 'queued') this.finish(callId);
  }

  private finish(callId: string): void {
    const call = this.active.get(callId);
    if (call?.retryTimer) clearTimeout(call.retryTimer);
    this.active.delete(callId);
    this.lines.leave(callId);
    if (this.leases?.holds(callId)) this.track(this.leases.end(callId));
  }

  /**
   * Renews this node's call leases a quarter of their length apart, and on a timer of its own sweeps for
   * calls to adopt: a slow sweep never delays a renewal.
   */
  private keepLeases(leases: WorkLeases): void {
    const failed = (error: Error) => this.logger.warn(`Call leases: ${error.message}`);
    this.leaseWork.push(
      repeatEvery(Math.floor(leases.ttlMs / 4), this.shutdown.signal, () => this.renewLeases(leases), failed),
      repeatEvery(Math.floor(leases.ttlMs / 3), this.shutdown.signal, () => this.adoptOrphans(leases), failed),
    );
  }

  private async renewLeases(leases: WorkLeases): Promise<void> {
    for (const callId of await leases.renewAll()) {
      // Forgotten first, so that what the provider still reports here is ignored: the call is the other node's.
      const call = this.active.get(callId);
      this.active.delete(callId);
      this.lines.leave(callId);
      if (!call) continue;
      this.logger.warn(`Call ${callId} is worked by another node now; hanging up here`);
      if (call.retryTimer) clearTimeout(call.retryTimer);
      await call.handle?.hangUp().catch(() => undefined);
    }
  }

  private async adoptOrphans(leases: WorkLeases): Promise<void> {
    if (!this.runner.isBuilt(callsProjection)) return;
    const calls = this.runner.collection(callsProjection);
    const mine = [...this.active.keys()];
    if (mine.length > 0) {
      for (const canceled of await calls.find({ _id: { $in: mine }, status: 'canceled' })) await this.stop(canceled.id);
    }
    const unfinished = await calls.find({ status: { $in: ['queued', 'in_progress'] } }, { sort: { createdAt: 1 }, limit: ADOPT_BATCH });
    const unanalysed = await calls.find(AWAITING_ANALYSIS, { limit: ADOPT_BATCH });
    const candidates = [...unfinished, ...unanalysed]
      .filter((call) => !(call.status === 'queued' && call.awaitingPlacement))
      .map((call) => call.id)
      .filter((callId) => !this.active.has(callId) && !leases.holds(callId));
    for (const callId of await leases.unheld(candidates)) {
      if (this.shutdown.signal.aborted) return;
      if (await leases.claim(callId)) this.track(this.adopt(callId));
    }
  }

  /** Carries on with a call whose node died, from what its stream says. */
  private async adopt(callId: string): Promise<void> {
    const history = await this.patiently(callId, () => this.events.readStream(callStream(callId)));
    const state = foldHistory(callDecider, history);
    if (state.status === 'queued' && !state.awaitingPlacement) return this.begin(callId);
    if (state.status === 'in_progress') {
      const last = history[history.length - 1];
      const retryInMs = last?.type === 'CallAttemptEnded' ? (last.data as { retryInMs: number | null }).retryInMs : null;
      if (retryInMs !== null && last) {
        const { timeScale } = await this.request(callId);
        const due = Date.parse(last.metadata.occurredAt) + retryInMs * timeScale;
        const call = newActiveCall();
        this.active.set(callId, call);
        this.lines.enter(callId, () => {
          call.retryTimer = setTimeout(() => {
            call.retryTimer = null;
            this.track(this.placeAttempt(callId));
          }, Math.max(0, due - Date.now()));
        });
        return;
      }
      this.logger.warn(`Call ${callId} was cut off when the node working it stopped`);
      await this.decide(callId, { type: 'Fail', reason: 'interrupted', errorMessage: INTERRUPTED });
    } else if (state.ended && !state.analyzed) {
      await this.analysis.run(callId, this.shutdown.signal);
    }
    if (this.leases?.holds(callId)) await this.leases.end(callId);
  }

  private async state(callId: string): Promise<CallState> {
    return foldHistory(callDecider, await this.patiently(callId, () => this.events.readStream(callStream(callId))));
  }

  private async request(callId: string) {
    const [first] = await this.patiently(callId, () => this.events.readStream(callStream(callId), { maxCount: 1 }));
    const request = first && asDomainEvent(CALL_EVENTS, first);
    if (request?.type !== 'CallRequested') throw new Error(`Call ${callId} has no request`);
    return request.data;
  }

  private async decide(callId: string, command: CallCommand) {
    const outcome = await this.patiently(callId, () =>
      executeCommand(this.events, callStream(callId), callDecider, command, systemContext(callId)),
    );
    return outcome.events;
  }

  /** Waits out an event store outage, so that a call's reports are recorded late rather than lost. */
  private patiently<T>(callId: string, work: () => Promise<T>): Promise<T> {
    return retryWhileStoreUnavailable(work, {
      signal: this.shutdown.signal,
      onOutage: (error) => this.logger.warn(`Call ${callId} waits for the event store: ${error.message}`),
    });
  }
}
