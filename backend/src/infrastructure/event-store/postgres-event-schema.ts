import type { PoolClient } from 'pg';

/**
 * One row per event. Positions are given by the writers under the lock on rc_event_head, in commit order
 * and without gaps: a writer takes the next positions only once the previous holder of the lock has
 * committed (or rolled back, leaving its numbers unseen), so a reader never sees a later position
 * before an earlier one. That is the whole answer to the sequence-gap problem of a bigserial column,
 * whose values are taken before commit and become visible out of order.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS rc_events (
  position bigint PRIMARY KEY,
  stream_id text NOT NULL,
  revision integer NOT NULL,
  id text NOT NULL,
  type text NOT NULL,
  data json NOT NULL,
  metadata json NOT NULL,
  UNIQUE (stream_id, revision)
);
CREATE INDEX IF NOT EXISTS rc_events_type_position ON rc_events (type, position);
-- Ids of events appended without an exact expected revision, whose retries can only be told by id.
CREATE TABLE IF NOT EXISTS rc_event_ids (
  stream_id text NOT NULL,
  id text NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (stream_id, id)
);
-- The position of the newest event; its row lock is the store's one write lock.
CREATE TABLE IF NOT EXISTS rc_event_head (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  position bigint NOT NULL
);
INSERT INTO rc_event_head (singleton, position) VALUES (true, 0) ON CONFLICT DO NOTHING;
`;

/** Any constant: nodes starting together take it so that one of them creates the tables. */
const SCHEMA_LOCK_KEY = 7_261_455_001;

/** The channel every commit notifies, carrying the new head position. */
export const EVENTS_CHANNEL = 'rc_events';

export async function ensurePostgresEventSchema(client: PoolClient): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    await client.query(SCHEMA);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
