import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'libsql';
import { type NewEvent, type RecordedEvent, StoreUnavailableError } from '@ringcheck/projections';
import { eventually } from '../../../test/eventually';
import { describeEventStoreContract } from './event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'ringcheck-events-'));
}

function event(type = 'CallPlaced'): NewEvent {
  return {
    id: randomUUID(),
    type,
    data: { to: '+1 202-555-0117' },
    metadata: { correlationId: randomUUID(), occurredAt: '2025-03-14T09:26:53.589Z', schemaVersion: 1 },
  };
}

describeEventStoreContract('SQLite', async () => {
  const dir = tempDir();
  const store = SqliteEventStore.open(dir, { foreignWritePollMs: 50 });
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteEventStore', () => {
  let dir: string;
  const opened: SqliteEventStore[] = [];
  const open = (options?: Parameters<typeof SqliteEventStore.open>[1]): SqliteEventStore => {
    const store = SqliteEventStore.open(dir, options);
    opened.push(store);
    return store;
  };

  beforeEach(() => {
    dir = join(tempDir(), 'nested', 'data');
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    rmSync(join(dir, '..', '..'), { recursive: true, force: true });
  });

  it('creates <dataDir>/events.db in WAL mode with full synchronous commits', async () => {
    const store = open();
    expect(existsSync(join(dir, 'events.db'))).toBe(true);
    const db = new Database(join(dir, 'events.db'));
    expect((db.prepare('PRAGMA journal_mode').raw(true).get() as [string])[0]).toBe('wal');
    db.close();
    await expect(store.health()).resolves.toMatchObject({
      adapter: 'sqlite',
      state: 'up',
      detail: expect.stringContaining('synchronous=FULL'),
    });
  });

  it('keeps its process alive until close() has stopped the writer thread (the process goes on after it)', () => {
    // The compiled store, as a command-line tool runs it: nothing else holds the process open.
    const compiled = join(__dirname, '../../../dist/infrastructure/event-store');
    const script = `
      const { SqliteEventStore } = require(${JSON.stringify(compiled)});
      (async () => {
        const store = SqliteEventStore.open(${JSON.stringify(dir)});
        const event = { id: require('node:crypto').randomUUID(), type: 'CallPlaced', data: {}, metadata: {} };
        await store.appendToStream('closing-1', [event]);
        await store.close();
        console.log('after close');
      })();`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('after close');
  });

  it('starts empty with head position 0', async () => {
    const store = open();
    await expect(store.headPosition()).resolves.toBe(0);
    await expect(store.readAll()).resolves.toEqual([]);
  });

  it('keeps events across reopening and continues positions and revisions', async () => {
    const first = open();
    const before = await first.appendToStream('call-1', [event(), event()]);
    await first.close();

    const second = open();
    expect(await second.readStream('call-1')).toHaveLength(2);
    const after = await second.appendToStream('call-1', [event()], { expectedRevision: 1 });
    expect(after).toEqual({ nextExpectedRevision: 2, position: before.position + 1 });
  });

  it('delivers to a subscriber the events another connection to the same file appends', async () => {
    const reader = open({ foreignWritePollMs: 20 });
    const writer = open();
    const received: RecordedEvent[] = [];
    const subscription = reader.subscribeToAll((recorded) => void received.push(recorded));
    await writer.appendToStream('call-2', [event(), event()]);
    await writer.appendToStream('call-3', [event()]);

    await eventually('the three events appended by the other connection', () => received.length >= 3);
    await subscription.close();
    expect(received.map((recorded) => recorded.streamId)).toEqual(['call-2', 'call-2', 'call-3']);
  });

  it('never hands out the driver row metadata', async () => {
    const store = open();
    await store.appendToStream('call-4', [event()]);
    const [fromStream] = await store.readStream('call-4');
    const [fromAll] = await store.readAll();
    for (const recorded of [fromStream, fromAll]) {
      expect(Object.keys(recorded!).sort()).toEqual([
        'data',
        'id',
        'metadata',
        'position',
        'revision',
        'streamId',
        'type',
      ]);
    }
  });

  it("treats a repeated batch as a retry with 'any' as well", async () => {
    const store = open();
    const batch = [event(), event()];
    const first = await store.appendToStream('call-6', batch);
    await store.appendToStream('call-6', [event()]);
    await expect(store.appendToStream('call-6', batch)).resolves.toEqual(first);
    expect(await store.readStream('call-6')).toHaveLength(3);
  });

  it('writes nothing of a batch whose later event is stored already', async () => {
    const store = open();
    const stored = event();
    await store.appendToStream('call-7', [stored]);
    const fresh = event();
    await expect(store.appendToStream('call-7', [fresh, stored])).rejects.toMatchObject({
      name: 'IdempotencyConflictError',
      storedIds: [stored.id],
      newIds: [fresh.id],
    });
    expect((await store.readStream('call-7')).map((recorded) => recorded.id)).toEqual([stored.id]);
    const next = await store.appendToStream('call-7', [event()]);
    expect(next.nextExpectedRevision).toBe(1);
  });

  it('keeps working on a file of the earlier schema (AUTOINCREMENT, ids unique per stream on events)', async () => {
    mkdirSync(dir, { recursive: true });
    const older = new Database(join(dir, 'events.db'));
    older.exec(`PRAGMA journal_mode = WAL;
      CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL, stream_id TEXT NOT NULL, revision INTEGER NOT NULL,
        type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, UNIQUE (stream_id, revision), UNIQUE (stream_id, id));`);
    const before = event();
    older.prepare('INSERT INTO events (id, stream_id, revision, type, data, metadata) VALUES (?, ?, 0, ?, ?, ?)').run(before.id, 'call-old', before.type, '{}', '{}');
    older.close();

    const store = open();
    // Stored before the upgrade with an exact revision, retried without one: still stored once.
    await expect(store.appendToStream('call-old', [before])).resolves.toEqual({ nextExpectedRevision: 0, position: 1 });
    const after = await store.appendToStream('call-old', [event()], { expectedRevision: 0 });
    expect(after).toEqual({ nextExpectedRevision: 1, position: 2 });
    expect(await store.readAll({ types: ['CallPlaced'] })).toHaveLength(2);
  });

  it('reads types that make up most of the log as it reads those that do not: the same events, in order, paged', async () => {
    const store = open();
    const types = ['Common', 'Common', 'Rare', 'Common', 'Other', 'Common', 'Common', 'Rare', 'Common', 'Common'];
    for (const [index, type] of types.entries()) await store.appendToStream(`mixed-${index % 3}`, [event(type)]);
    const all = await store.readAll();
    const paged = async (wanted: string[]) => {
      const read: RecordedEvent[] = [];
      for (let page = await store.readAll({ types: wanted, maxCount: 2 }); page.length > 0; page = await store.readAll({ fromPosition: page[page.length - 1].position, types: wanted, maxCount: 2 })) {
        read.push(...page);
      }
      return read;
    };
    // Common is 70 % of the log (read by a scan), Rare and Other 30 % (through the index of types).
    for (const wanted of [['Common'], ['Rare', 'Other'], ['Common', 'Rare']]) {
      expect(await paged(wanted)).toEqual(all.filter((recorded) => wanted.includes(recorded.type)));
    }
  });

  it('lets the same event id live in two streams, as EventStoreDB does', async () => {
    const store = open();
    const shared = event();
    await store.appendToStream('call-8', [shared]);
    await store.appendToStream('call-9', [shared]);
    expect(await store.readAll()).toHaveLength(2);
  });

  it('while another process holds the write lock: refuses appends as unavailable, writes nothing, and recovers', async () => {
    const store = open({ busyTimeoutMs: 300 });
    await store.appendToStream('call-10', [event()]);
    const holder = new Database(join(dir, 'events.db'));
    holder.exec('BEGIN EXCLUSIVE');
    try {
      const refused = store.appendToStream('call-10', [event(), event()], { expectedRevision: 0 });
      await expect(refused).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(refused).rejects.toMatchObject({ port: 'event_store', adapter: 'sqlite', reason: expect.stringContaining('SQLITE_BUSY') });
      await expect(store.health()).resolves.toMatchObject({ state: 'down', detail: expect.stringMatching(/events\.db: database is locked/) });
      expect(await store.readStream('call-10')).toHaveLength(1);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    await expect(store.health()).resolves.toMatchObject({ state: 'up' });
    await expect(store.appendToStream('call-10', [event(), event()], { expectedRevision: 0 })).resolves.toMatchObject({ nextExpectedRevision: 2 });
  });

  it('refuses stream ids and event types reserved for system streams', async () => {
    const store = open();
    await expect(store.appendToStream('$stats', [event()])).rejects.toThrow(/reserved/);
    await expect(store.appendToStream('call-5', [event('$metadata')])).rejects.toThrow(/invalid type/);
  });
});
