// @vitest-environment node
import type { QueryState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type PollingFallback, pollingPhase } from './polling-fallback';

interface Doc {
  done: boolean;
}

const fallback: PollingFallback<Doc> = {
  intervalMs: 3000,
  isDone: (doc) => doc.done,
  maxPolls: 3,
  maxDurationMs: 10_000,
  endsQuietly: (error) => error === 'gone',
};

const state = (overrides: Partial<QueryState<Doc, unknown>> = {}): QueryState<Doc, unknown> => ({
  data: { done: false },
  dataUpdateCount: 1,
  dataUpdatedAt: 1_000,
  error: null,
  errorUpdateCount: 0,
  errorUpdatedAt: 0,
  fetchFailureCount: 0,
  fetchFailureReason: null,
  fetchMeta: null,
  isInvalidated: false,
  status: 'success',
  fetchStatus: 'idle',
  ...overrides,
});

const START = { at: 1_000, answers: 1 };

describe('pollingPhase', () => {
  it('polls until the data is done', () => {
    expect(pollingPhase(state(), fallback, START)).toBe('polling');
    expect(pollingPhase(state({ data: { done: true } }), fallback, START)).toBe('done');
  });

  it('reaches the limit at the polls allowed since following began, answers and failures alike', () => {
    expect(pollingPhase(state({ dataUpdateCount: 3 }), fallback, START)).toBe('polling');
    expect(pollingPhase(state({ dataUpdateCount: 3, errorUpdateCount: 1 }), fallback, START)).toBe('limit');
  });

  it('reaches the limit when an answer comes at or after the time allowed, whatever the clock says now', () => {
    expect(pollingPhase(state({ dataUpdatedAt: 10_999 }), fallback, START)).toBe('polling');
    expect(pollingPhase(state({ dataUpdatedAt: 11_000 }), fallback, START)).toBe('limit');
  });

  it('gives up on a failure the query could not get past, and ends quietly on one that ends it', () => {
    expect(pollingPhase(state({ status: 'error', error: 'boom' }), fallback, START)).toBe('gave-up');
    expect(pollingPhase(state({ status: 'error', error: 'gone' }), fallback, START)).toBe('ended');
  });
});
