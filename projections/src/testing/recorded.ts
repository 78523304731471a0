import type { RecordedEvent } from '../ports/event-store';

let nextPosition = 1;

/** Builds a recorded event for projection tests; positions increase unless given. */
export function recorded<D>(type: string, data: D, overrides: Partial<RecordedEvent> = {}): RecordedEvent<string, D> {
  const position = overrides.position ?? nextPosition++;
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    type,
    data,
    streamId: overrides.streamId ?? 'test-stream',
    revision: overrides.revision ?? 0,
    position,
    metadata: { correlationId: 'c', occurredAt: '2026-11-22T10:00:00.000Z', schemaVersion: 1, ...(overrides.metadata ?? {}) },
  } as RecordedEvent<string, D>;
}
