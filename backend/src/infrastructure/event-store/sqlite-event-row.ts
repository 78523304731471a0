import type { EventMetadata, RecordedEvent } from '@ringcheck/projections';

/** A row read in raw (array) mode, in EVENT_COLUMNS order. */
export type SqliteEventRow = [number, string, string, number, string, string, string];

/**
 * Builds the event from the row's values only. Rows are read in raw mode, so the driver's
 * per-row `_metadata` timing object never reaches the event.
 */
export function toRecordedEvent(row: SqliteEventRow): RecordedEvent {
  const [position, id, streamId, revision, type, data, metadata] = row;
  return {
    id,
    type,
    streamId,
    revision,
    position,
    data: JSON.parse(data) as unknown,
    metadata: JSON.parse(metadata) as EventMetadata,
  };
}
