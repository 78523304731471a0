import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type CallAnalysisData,
  type CallDocument,
  callsProjection,
  foldStream,
  type EventStore,
  type RecordedEvent,
} from '@ringcheck/projections';
import { CALL_ANALYZER, type CallAnalysisInput, type CallAnalysisReport, type CallAnalyzer, fallbackReport } from '../../analysis';
import { executeCommand, retryWhileStoreUnavailable, systemContext } from '../../infrastructure/event-sourcing';
import { EVENT_STORE } from '../../infrastructure/storage';
import { callDecider, callStream } from '../domain/call.decider';
import { businessZone, isWithinBusinessHours } from '../adapters/sandbox';

/** The call as its read model will show it, folded straight from its stream (no read-model wait). */
export function foldCall(history: RecordedEvent[]): CallDocument | null {
  return foldStream(callsProjection, history);
}

/** Connection facts and the analyzer's input, from a finished call. */
export function analysisInputOf(doc: CallDocument): CallAnalysisInput {
  const answered = doc.attempts.find((a) => a.answeredAtMs !== null) ?? null;
  const last = doc.attempts[doc.attempts.length - 1] ?? null;
  const business = doc.business;
  const placedAt = doc.startedAt ? new Date(doc.startedAt) : new Date(doc.createdAt);
  return {
    callId: doc.id,
    businessName: doc.businessName,
    businessCategory: business?.businessTypes ?? [],
    connectionStatus: doc.connectionStatus ?? 'other',
    answeredBy: answered?.answeredBy ?? null,
    timeToFirstRingMs: (answered ?? last)?.firstRingAtMs ?? null,
    timeToAnswerMs: answered?.answeredAtMs ?? null,
    ringsBeforePickup: answered ? answered.rings : null,
    attemptsBeforePickup: answered ? answered.attempt : Math.max(1, doc.attempts.length),
    duringBusinessHours: business
      ? isWithinBusinessHours(business.openingPeriods, businessZone(business), placedAt)
      : null,
    callDurationMs: doc.durationMs ?? 0,
    answeredAtMs: answered?.answeredAtMs ?? null,
    // Holds are reported on the call clock (from dialling); the analyzer times everything from the answer.
    holdPeriods: answered?.answeredAtMs == null
      ? []
      : doc.holdPeriods.map((h) => ({ startMs: h.startMs - answered.answeredAtMs!, endMs: (h.endMs ?? doc.durationMs ?? h.startMs) - answered.answeredAtMs! })),
    transcript: doc.transcript,
    callerGoal: doc.callerGoal ?? '',
  };
}

/**
 * Analyses a finished call once and records the result as CallAnalyzed. Its event store calls wait out
 * an outage (until `signal` is aborted), so a call is not analysed twice for one result.
 */
@Injectable()
export class CallAnalysisStep {
  private readonly logger = new Logger('CallAnalysis');

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CALL_ANALYZER) private readonly analyzer: CallAnalyzer,
  ) {}

  async run(callId: string, signal: AbortSignal): Promise<void> {
    const retry = {
      signal,
      onOutage: (error: Error) => this.logger.warn(`Analysis of call ${callId} waits for the event store: ${error.message}`),
    };
    const doc = foldCall(await retryWhileStoreUnavailable(() => this.events.readStream(callStream(callId)), retry));
    if (!doc || doc.status !== 'completed' || doc.analysis) return;
    const input = analysisInputOf(doc);
    let report: CallAnalysisReport;
    let producedBy = { analyzer: this.analyzer.adapterName, fallbackReason: null as string | null };
    try {
      const outcome = await this.analyzer.analyze(input);
      report = outcome.report;
      producedBy = { analyzer: outcome.analyzer, fallbackReason: outcome.fallbackReason };
    } catch (error) {
      this.logger.error(`Analysis of a call failed: ${(error as Error).message}`);
      const fallback = fallbackReport(input);
      report = fallback.report;
      producedBy = { analyzer: fallback.analyzer, fallbackReason: 'analyzer_error' };
    }
    const analysis: CallAnalysisData = {
      connectionStatus: input.connectionStatus,
      attemptsBeforePickup: input.attemptsBeforePickup,
      timeToFirstRingMs: input.timeToFirstRingMs,
      timeToAnswerMs: input.timeToAnswerMs,
      ringsBeforePickup: input.ringsBeforePickup,
      duringBusinessHours: input.duringBusinessHours,
      afterHoursBehavior: report.afterHoursBehavior,
      report,
      fallbackReason: producedBy.fallbackReason,
    };
    await retryWhileStoreUnavailable(
      () =>
        executeCommand(
          this.events,
          callStream(callId),
          callDecider,
          { type: 'RecordAnalysis', analyzer: producedBy.analyzer, analysis },
          systemContext(callId),
        ),
      retry,
    );
  }
}
