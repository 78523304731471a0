import type { ExpectedRevision, NewEvent } from '@ringcheck/projections';
import type { PreparedAppend } from './group-commit-protocol';
import { InvalidAppendError } from './invalid-append-error';

const NAMED_EXPECTATIONS: ReadonlySet<unknown> = new Set(['any', 'no_stream', 'stream_exists']);

/**
 * Checks an append request the same way for every adapter, before anything is written.
 * Names starting with '$' are refused because EventStoreDB reserves them for system streams and
 * events, which both adapters leave out of readAll and subscriptions.
 */
export function assertValidAppend(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): void {
  if (typeof streamId !== 'string' || streamId.length === 0) {
    throw new InvalidAppendError(String(streamId), 'the stream id must be a non-empty string');
  }
  if (streamId.startsWith('$')) {
    throw new InvalidAppendError(streamId, "stream ids starting with '$' are reserved for system streams");
  }
  if (!NAMED_EXPECTATIONS.has(expected) && !(Number.isSafeInteger(expected) && (expected as number) >= 0)) {
    throw new InvalidAppendError(streamId, `unsupported expected revision ${String(expected)}`);
  }
  if (!Array.isArray(events) || events.length === 0) {
    throw new InvalidAppendError(streamId, 'at least one event is required');
  }
  const seen = new Set<string>();
  for (const event of events) {
    if (typeof event.id !== 'string' || event.id.length === 0) {
      throw new InvalidAppendError(streamId, 'every event needs a non-empty id');
    }
    if (seen.has(event.id)) {
      throw new InvalidAppendError(streamId, `event id ${event.id} appears twice in the batch`);
    }
    seen.add(event.id);
    if (typeof event.type !== 'string' || event.type.length === 0 || event.type.startsWith('$')) {
      throw new InvalidAppendError(streamId, `event ${event.id} has an invalid type ${JSON.stringify(event.type)}`);
    }
    if (event.metadata === null || typeof event.metadata !== 'object') {
      throw new InvalidAppendError(streamId, `event ${event.id} has no metadata object`);
    }
  }
}

/** JSON text of an event's data or metadata; refuses values JSON cannot carry (undefined, functions, bigints). */
export function toJsonText(streamId: string, eventId: string, field: 'data' | 'metadata', value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new InvalidAppendError(
      streamId,
      `event ${eventId} ${field} is not JSON-serializable: ${(error as Error).message}`,
    );
  }
  if (text === undefined) {
    throw new InvalidAppendError(streamId, `event ${eventId} ${field} is not JSON-serializable`);
  }
  return text;
}

/**
 * Checks an append and serializes its events before it is queued for a group commit: a bad event fails
 * here, at once and alone, and the group's transaction holds the lock only for the writes.
 */
export function prepareAppend(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): PreparedAppend {
  assertValidAppend(streamId, events, expected);
  return {
    streamId,
    expected,
    events: events.map((event) => ({
      id: event.id,
      type: event.type,
      data: toJsonText(streamId, event.id, 'data', event.data),
      metadata: toJsonText(streamId, event.id, 'metadata', event.metadata),
    })),
  };
}
