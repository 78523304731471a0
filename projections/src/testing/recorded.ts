import type { EventMetadata, RecordedEvent } from '../ports/event-store';

let nextPosition = 1;

/** When a recorded event occurred unless told otherwise. */
export const OCCURRED_AT = '2026-11-22T10:00:00.000Z';

export type RecordedOverrides = Partial<Omit<RecordedEvent, 'metadata'>> & { metadata?: Partial<EventMetadata> };

/** Builds a recorded event for projection tests; positions increase unless given. */
export function recorded<D>(type: string, data: D, overrides: RecordedOverrides = {}): RecordedEvent<string, D> {
  const position = overrides.position ?? nextPosition++;
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    type,
    data,
    streamId: overrides.streamId ?? 'test-stream',
    revision: overrides.revision ?? 0,
    position,
    metadata: { correlationId: 'c', occurredAt: OCCURRED_AT, schemaVersion: 1, ...(overrides.metadata ?? {}) },
  } as RecordedEvent<string, D>;
}

/** Overrides for `recorded`: the event occurred at `occurredAt` (ISO-8601). */
export const at = (occurredAt: string): RecordedOverrides => ({ metadata: { occurredAt } });
