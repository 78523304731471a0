/**
 * Schema of the embedded event log. position is the rowid (AUTOINCREMENT, so never reused even
 * after the newest rows are gone); UNIQUE(stream_id, revision) is also the index that finds a
 * stream's current revision in O(log n); UNIQUE(stream_id, id) makes a repeated event id per stream
 * impossible and serves the idempotency lookup. Ids are unique per stream, as in EventStoreDB.
 */
export const SQLITE_EVENT_SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position  INTEGER PRIMARY KEY AUTOINCREMENT,
  id        TEXT    NOT NULL,
  stream_id TEXT    NOT NULL,
  revision  INTEGER NOT NULL,
  type      TEXT    NOT NULL,
  data      TEXT    NOT NULL,
  metadata  TEXT    NOT NULL,
  UNIQUE (stream_id, revision),
  UNIQUE (stream_id, id)
);
`;

/** Column order shared by every read statement and by toRecordedEvent. */
export const EVENT_COLUMNS = 'position, id, stream_id, revision, type, data, metadata';
