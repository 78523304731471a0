/**
 * Schema of the embedded event log. position is the rowid: events are never deleted, so a plain
 * INTEGER PRIMARY KEY never hands out a position twice (files created with AUTOINCREMENT keep it, and
 * its extra write per commit). UNIQUE(stream_id, revision) is also the index that finds a stream's
 * current revision in O(log n); UNIQUE(stream_id, id) makes a repeated event id per stream impossible
 * and serves the idempotency lookup. Ids are unique per stream, as in EventStoreDB.
 * events_by_type serves reads of some event types only: SQLite ends every index entry with the rowid,
 * so an index on (type) is ordered by (type, position). IF NOT EXISTS adds it to older files at open.
 */
export const SQLITE_EVENT_SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position  INTEGER PRIMARY KEY,
  id        TEXT    NOT NULL,
  stream_id TEXT    NOT NULL,
  revision  INTEGER NOT NULL,
  type      TEXT    NOT NULL,
  data      TEXT    NOT NULL,
  metadata  TEXT    NOT NULL,
  UNIQUE (stream_id, revision),
  UNIQUE (stream_id, id)
);
CREATE INDEX IF NOT EXISTS events_by_type ON events (type);
`;

/** Column order shared by every read statement and by toRecordedEvent. */
export const EVENT_COLUMNS = 'position, id, stream_id, revision, type, data, metadata';
