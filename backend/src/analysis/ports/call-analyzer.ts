import type { CallAnalysisReport, ConnectionStatus, PortHealth } from '@ringcheck/projections';
import type { AnsweredBy, TranscriptSegment } from '../../calls/ports/telephony';

/** A stretch of the call the business kept the caller on hold, in ms from the answer (the transcript clock). */
export interface HoldPeriod {
  startMs: number;
  endMs: number;
}

/** Everything an analyzer gets about one finished call. */
export interface CallAnalysisInput {
  callId: string;
  businessName: string;
  /** Google place types, e.g. ['plumber', 'point_of_interest']. */
  businessCategory: string[];
  connectionStatus: ConnectionStatus;
  answeredBy: AnsweredBy | null;
  /** Call-clock ms from dialling. */
  timeToFirstRingMs: number | null;
  timeToAnswerMs: number | null;
  ringsBeforePickup: number | null;
  /** 1 when the first attempt was picked up (or, for an unanswered call, the attempts made). */
  attemptsBeforePickup: number;
  /** Whether the call was placed within the business's hours; null when its hours are unknown. */
  duringBusinessHours: boolean | null;
  /** From dialling to the end of the call. */
  callDurationMs: number;
  /** Call-clock ms at which the call was answered; null when it never was. */
  answeredAtMs: number | null;
  holdPeriods: HoldPeriod[];
  /** Segment times are ms from the answer. */
  transcript: TranscriptSegment[];
  /** What the caller wanted, e.g. 'a leaking pipe under the kitchen sink, wants someone today'. */
  callerGoal: string;
}

/** A report and the analyzer that really produced it. */
export interface AnalysisOutcome {
  report: CallAnalysisReport;
  /** A chat-model analyzer whose model fails hands back the rubric's report: then 'rubric'. */
  analyzer: string;
  /** Why the configured analyzer's own report is not the one given (e.g. 'timeout'); null when it is. */
  fallbackReason: string | null;
}

/** The analysis port: the rubric analyzer by default, a chat-model analyzer behind the same shape. */
export interface CallAnalyzer {
  readonly adapterName: string;
  analyze(input: CallAnalysisInput): Promise<AnalysisOutcome>;
  health(): Promise<PortHealth>;
}

export type {
  CallAnalysisReport,
  CallMetrics,
  ConnectionStatus,
  Evidence,
  Finding,
  Priority,
  Recommendation,
  RecommendationCategory,
  SatisfactionIndicator,
  Sentiment,
} from '@ringcheck/projections';

export const CALL_ANALYZER = Symbol('CALL_ANALYZER');
