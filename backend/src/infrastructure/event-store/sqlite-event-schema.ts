/**
 * Schema of the embedded event log. position is the rowid: events are never deleted, so a plain
 * INTEGER PRIMARY KEY never hands out a position twice (files created with AUTOINCREMENT keep it, and
 * its extra write per commit). UNIQUE(stream_id, revision) is also the index that finds a stream's
 * current revision in O(log n), and where a retried append with an exact expected revision finds the
 * events it already wrote.
 * events_by_type serves reads of some event types only: SQLite ends every index entry with the rowid,
 * so an index on (type) is ordered by (type, position). IF NOT EXISTS adds it to older files at open.
 * event_ids holds the ids of events appended without an exact expected revision ('any' or
 * 'stream_exists'), whose retries can only be recognised by id. Kept apart from events, this index of
 * random ids costs only those appends: on every event it took more than a third of the append rate.
 * Files created before it carry UNIQUE(stream_id, id) on events as well, which still holds.
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
  UNIQUE (stream_id, revision)
);
CREATE INDEX IF NOT EXISTS events_by_type ON events (type);
CREATE TABLE IF NOT EXISTS event_ids (
  stream_id TEXT    NOT NULL,
  id        TEXT    NOT NULL,
  position  INTEGER NOT NULL,
  PRIMARY KEY (stream_id, id)
) WITHOUT ROWID;
`;

/** Column order shared by every read statement and by toRecordedEvent. */
export const EVENT_COLUMNS = 'position, id, stream_id, revision, type, data, metadata';
