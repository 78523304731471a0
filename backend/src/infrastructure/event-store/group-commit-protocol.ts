import type { AppendResult, ExpectedRevision } from '@ringcheck/projections';

/**
 * What crosses between the event store and its writer thread. Only plain data: errors travel as
 * failures and become error objects again on the store's side. Nothing here may import a value from
 * another package, so the writer thread loads no more than libsql.
 */

/** An event checked and serialized before it is queued, so a bad event fails at once and alone. */
export interface PreparedEvent {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

export interface PreparedAppend {
  streamId: string;
  expected: ExpectedRevision;
  events: PreparedEvent[];
}

export type AppendFailure =
  | { kind: 'concurrency'; streamId: string; expected: ExpectedRevision; actual: number | 'no_stream' }
  | { kind: 'idempotency'; streamId: string; storedIds: string[]; newIds: string[] }
  | { kind: 'engine'; message: string; code?: string };

export type AppendOutcome = { ok: true; result: AppendResult } | { ok: false; failure: AppendFailure };

/** One outcome per append, in the group's order; or, when the transaction failed, one failure for all. */
export type GroupReply = { outcomes: AppendOutcome[] } | { groupFailure: AppendFailure };

export interface WriterThreadOptions {
  file: string;
  synchronous: 'FULL' | 'NORMAL';
  busyTimeoutMs: number;
}

/** currentRevision is the revision of the stream's last event, or -1 when the stream does not exist. */
export function meetsExpectedRevision(expected: ExpectedRevision, currentRevision: number): boolean {
  const exists = currentRevision >= 0;
  return (
    expected === 'any' ||
    (expected === 'no_stream' && !exists) ||
    (expected === 'stream_exists' && exists) ||
    (typeof expected === 'number' && expected === currentRevision)
  );
}

export function engineFailure(error: unknown): AppendFailure {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return {
    kind: 'engine',
    message: typeof message === 'string' ? message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** A batch of which some events are stored and others not: refused whole, naming both. */
export function partlyStored(streamId: string, events: readonly PreparedEvent[], isStored: (event: PreparedEvent, index: number) => boolean): AppendOutcome {
  const failure: AppendFailure = {
    kind: 'idempotency',
    streamId,
    storedIds: events.filter(isStored).map((event) => event.id),
    newIds: events.filter((event, index) => !isStored(event, index)).map((event) => event.id),
  };
  return { ok: false, failure };
}

/**
 * Records the last revision of each stream a group wrote, most recent last, and forgets the least recently
 * written beyond `max`: a writer's cache of revisions it need not read again.
 */
export function rememberRevisions(known: Map<string, number>, written: ReadonlyMap<string, number>, max: number): void {
  for (const [streamId, revision] of written) {
    known.delete(streamId);
    known.set(streamId, revision);
  }
  for (const streamId of known.keys()) {
    if (known.size <= max) break;
    known.delete(streamId);
  }
}
