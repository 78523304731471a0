import type { QueryState } from '@tanstack/react-query';

/** How a live query polls while pushes do not come: the spec's polling interval and its limits. */
export interface PollingFallback<TData> {
  /** The wait between looks. */
  intervalMs: number;
  /** Nothing more will change: polling ends, and so does following the room. */
  isDone(data: TData): boolean;
  /** Answers allowed after following began; then polling stops with the limit reached. */
  maxPolls?: number;
  /** How long after following began polling may go on; checked at each answer. */
  maxDurationMs?: number;
  /** Failed looks in a row after which polling gives up; 1 when absent. */
  maxFailures?: number;
  /** A failure that ends polling quietly, neither retried nor reported. */
  endsQuietly?(error: unknown, data: TData | undefined): boolean;
  /** The wait before looking again after a failure; `intervalMs` when absent. */
  waitAfterFailure?(error: unknown): number;
}

/**
 * Where polling stands: `polling`; `done`, nothing more will change; `limit`, the polls or the time
 * allowed are used up; `gave-up`, too many failures in a row; `ended`, by a failure that ends it quietly.
 */
export type PollingPhase = 'polling' | 'done' | 'limit' | 'gave-up' | 'ended';

/** When following began, and how many answers the query had had by then. */
export interface PollingStart {
  at: number;
  answers: number;
}

/** Every answer the query has had: data (read or pushed) and errors. */
export const answersOf = (state: QueryState<unknown, unknown>): number => state.dataUpdateCount + state.errorUpdateCount;

/**
 * The phase from the query's state alone, so the interval the query schedules and the page that shows
 * the phase always agree. The time is that of the last answer, not of the clock.
 */
export function pollingPhase<TData>(state: QueryState<TData, unknown>, fallback: PollingFallback<TData>, start: PollingStart): PollingPhase {
  if (state.data !== undefined && fallback.isDone(state.data)) return 'done';
  if (state.status === 'error') return fallback.endsQuietly?.(state.error, state.data) ? 'ended' : 'gave-up';
  if (fallback.maxPolls !== undefined && answersOf(state) - start.answers >= fallback.maxPolls) return 'limit';
  const lastAnswerAt = Math.max(state.dataUpdatedAt, state.errorUpdatedAt);
  if (fallback.maxDurationMs !== undefined && lastAnswerAt - start.at >= fallback.maxDurationMs) return 'limit';
  return 'polling';
}
