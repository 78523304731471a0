import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, Optional } from '@nestjs/common';
import {
  discoveriesProjection,
  type DiscoveryDocument,
  type DiscoveryFailureReason,
  type EventStore,
  type ProjectionRunner,
} from '@ringcheck/projections';
import { executeCommand, retryWhileStoreUnavailable, systemContext } from '../../infrastructure/event-sourcing';
import { EVENT_STORE, PROJECTION_RUNNER, repeatEvery, type WorkLeases } from '../../infrastructure/storage';
import { type DiscoveryCommand, discoveryDecider, discoveryStream } from '../domain/discovery.decider';
import { DISCOVERY_FAILURE_MESSAGES } from '../domain/failure-messages';
import { BUSINESS_DIRECTORY, type BusinessDirectory, DirectorySearchError } from '../ports/business-directory';
import { toPlaceSearchResult } from './to-place-search-result';

export interface DiscoveryJob {
  discoveryId: string;
  businessName: string;
  location: string;
  correlationId: string;
}

/** The worker's WorkLeases, or null when the stores are this node's alone. */
export const DISCOVERY_LEASES = Symbol('DISCOVERY_LEASES');

const MAX_CONCURRENT_SEARCHES = 8;
const SEARCH_TIMEOUT_MS = 20_000;
const MAX_ATTEMPTS = 3;
const RESULT_LIMIT = 10;
/** Searches looked at per sweep for a node to adopt. */
const ADOPT_BATCH = 200;

/**
 * Runs discovery searches in the background: start, ask the directory, then complete or fail.
 * At start-up it resumes every discovery a previous process left pending or in progress. With stores
 * several nodes share, a search is run by the node that owns its lease ({@link WorkLeases}): the one it
 * was asked of, or, once that node's lease lapsed, whichever node adopts it.
 * An event store outage holds a search up until the store is back; it is not dropped.
 */
@Injectable()
export class DiscoverySearchWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('DiscoverySearch');
  private readonly queue: DiscoveryJob[] = [];
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly shutdown = new AbortController();
  /** What waits for the lease work in progress. */
  private readonly leaseWork: (() => Promise<void>)[] = [];

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(BUSINESS_DIRECTORY) private readonly directory: BusinessDirectory,
    @Optional() @Inject(DISCOVERY_LEASES) private readonly leases: WorkLeases | null = null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.leases) return this.keepLeases(this.leases);
    // After an upgrade the read model may still be built beside the others: resume once it is whole.
    if (this.runner.isBuilt(discoveriesProjection)) await this.resumeUnfinished();
    else void this.runner.whenBuilt(discoveriesProjection).then(() => this.resumeUnfinished()).catch((error: Error) => this.logger.error(`Could not resume searches: ${error.message}`));
  }

  private async resumeUnfinished(): Promise<void> {
    const unfinished = await this.runner
      .collection(discoveriesProjection)
      .find({ status: { $in: ['pending', 'in_progress'] } }, { sort: { createdAt: 1 } });
    for (const discovery of unfinished) await this.resume(discovery);
  }

  /** A search left unfinished: run again, or failed once it has been tried often enough. */
  private async resume(discovery: DiscoveryDocument): Promise<void> {
    if (discovery.attempts >= MAX_ATTEMPTS) {
      await this.decide(discovery.id, { type: 'FailSearch', discoveryId: discovery.id, reason: 'internal', message: DISCOVERY_FAILURE_MESSAGES.internal }, 'resume');
      if (this.leases?.holds(discovery.id)) await this.leases.end(discovery.id);
      return;
    }
    this.enqueue({ discoveryId: discovery.id, businessName: discovery.businessName, location: discovery.location, correlationId: 'resume' });
  }

  async onModuleDestroy(): Promise<void> {
    this.shutdown.abort();
    this.queue.length = 0;
    await Promise.allSettled([...this.inFlight.values(), ...this.leaseWork.map((inProgress) => inProgress())]);
    await this.leases?.releaseAll().catch(() => undefined);
  }

  enqueue(job: DiscoveryJob): void {
    if (this.shutdown.signal.aborted || this.inFlight.has(job.discoveryId) || this.queue.some((j) => j.discoveryId === job.discoveryId)) return;
    if (this.leases && !this.leases.holds(job.discoveryId)) {
      // Another node may have adopted it already: then it is theirs.
      void this.leases.claim(job.discoveryId).then(
        (mine) => mine && this.enqueue(job),
        (error: Error) => this.logger.warn(`Could not claim search ${job.discoveryId}: ${error.message}`),
      );
      return;
    }
    this.queue.push(job);
    this.pump();
  }

  /** Renews this node's lease and, every third of it, adopts the searches of nodes whose lease lapsed. */
  private keepLeases(leases: WorkLeases): void {
    const failed = (error: Error) => this.logger.warn(`Search leases: ${error.message}`);
    this.leaseWork.push(
      repeatEvery(Math.floor(leases.ttlMs / 4), this.shutdown.signal, async () => void (await leases.renewAll()), failed),
      repeatEvery(Math.floor(leases.ttlMs / 3), this.shutdown.signal, () => this.adoptOrphans(leases), failed),
    );
  }

  private async adoptOrphans(leases: WorkLeases): Promise<void> {
    if (!this.runner.isBuilt(discoveriesProjection)) return;
    const unfinished = await this.runner
      .collection(discoveriesProjection)
      .find({ status: { $in: ['pending', 'in_progress'] } }, { sort: { createdAt: 1 }, limit: ADOPT_BATCH });
    const candidates = unfinished.filter((discovery) => !this.inFlight.has(discovery.id) && !leases.holds(discovery.id));
    const orphans = new Set(await leases.unheld(candidates.map((discovery) => discovery.id)));
    for (const discovery of candidates) {
      if (this.shutdown.signal.aborted) return;
      if (orphans.has(discovery.id) && (await leases.claim(discovery.id))) await this.resume(discovery);
    }
  }

  /** Resolves when no search is queued or running (for tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.queue.length > 0 || this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
  }

  private pump(): void {
    while (this.inFlight.size < MAX_CONCURRENT_SEARCHES && this.queue.length > 0) {
      const job = this.queue.shift()!;
      const run = this.run(job)
        .catch((error: Error) => this.logger.error(`Discovery search crashed: ${error.message}`, error.stack))
        .finally(() => {
          this.inFlight.delete(job.discoveryId);
          if (this.leases?.holds(job.discoveryId)) void this.leases.end(job.discoveryId).catch(() => undefined);
          this.pump();
        });
      this.inFlight.set(job.discoveryId, run);
    }
  }

  private async run(job: DiscoveryJob): Promise<void> {
    const { discoveryId } = job;
    const started = await this.decide(discoveryId, { type: 'StartSearch', discoveryId, directory: this.directory.adapterName }, job.correlationId);
    if (started === 0) return;
    const began = performance.now();
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), SEARCH_TIMEOUT_MS);
    let outcome: DiscoveryCommand;
    try {
      const places = await this.directory.search({ businessName: job.businessName, location: job.location }, { limit: RESULT_LIMIT, signal: abort.signal });
      const results = places.map((place) => toPlaceSearchResult(discoveryId, place));
      outcome = { type: 'CompleteSearch', discoveryId, results, durationMs: Math.round(performance.now() - began) };
    } catch (error) {
      const reason = failureReasonOf(error, abort.signal.aborted);
      if (reason === 'internal') this.logger.error(`Directory search failed unexpectedly: ${(error as Error).message}`);
      else this.logger.warn(`Directory search failed (${reason}): ${(error as Error).message}`);
      outcome = { type: 'FailSearch', discoveryId, reason, message: DISCOVERY_FAILURE_MESSAGES[reason] };
    } finally {
      clearTimeout(timer);
    }
    await this.decide(discoveryId, outcome, job.correlationId);
  }

  private async decide(discoveryId: string, command: DiscoveryCommand, correlationId: string): Promise<number> {
    const outcome = await retryWhileStoreUnavailable(
      () => executeCommand(this.events, discoveryStream(discoveryId), discoveryDecider, command, systemContext(correlationId)),
      {
        signal: this.shutdown.signal,
        onOutage: (error) => this.logger.warn(`Search ${discoveryId} waits for the event store: ${error.message}`),
      },
    );
    return outcome.events.length;
  }
}

function failureReasonOf(error: unknown, timedOut: boolean): DiscoveryFailureReason {
  if (timedOut) return 'timeout';
  if (error instanceof DirectorySearchError) return error.reason;
  return 'internal';
}
