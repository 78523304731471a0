import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { StoreUnavailableError } from '@ringcheck/projections';
import { fromSqliteError } from './sqlite-errors';
import { immediateTransaction, waitingTransaction } from './write-transaction';

describe('SQLite write transactions', () => {
  let dir: string;
  let db: Database.Database;
  let holder: Database.Database;
  const count = () => (db.prepare('SELECT COUNT(*) FROM t').raw(true).get() as [number])[0];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-sqlite-'));
    db = new Database(join(dir, 'test.db'));
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('CREATE TABLE t (x INTEGER)');
    holder = new Database(join(dir, 'test.db'));
  });
  afterEach(() => {
    if (holder.inTransaction) holder.exec('ROLLBACK');
    holder.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('commits the work, or rolls all of it back when it throws', () => {
    immediateTransaction(db, () => db.exec('INSERT INTO t VALUES (1)'));
    expect(() =>
      immediateTransaction(db, () => {
        db.exec('INSERT INTO t VALUES (2)');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(count()).toBe(1);
    expect(db.inTransaction).toBe(false);
  });

  it('waits for a lock another connection holds without blocking the event loop, then commits', async () => {
    holder.exec('BEGIN EXCLUSIVE');
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    setTimeout(() => holder.exec('ROLLBACK'), 150);
    await waitingTransaction(db, 2000, () => db.exec('INSERT INTO t VALUES (1)'));
    clearInterval(ticker);
    expect(count()).toBe(1);
    expect(ticks).toBeGreaterThan(5);
  });

  it('gives up with SQLITE_BUSY once the wait is over, having written nothing', async () => {
    holder.exec('BEGIN EXCLUSIVE');
    const started = Date.now();
    await expect(waitingTransaction(db, 200, () => db.exec('INSERT INTO t VALUES (1)'))).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    holder.exec('ROLLBACK');
    expect(count()).toBe(0);
    expect(db.inTransaction).toBe(false);
  });
});

describe('fromSqliteError', () => {
  const sqliteError = (code: string) => Object.assign(new Error('database is locked'), { code });

  it.each(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_READONLY', 'SQLITE_READONLY_DBMOVED', 'SQLITE_IOERR_WRITE', 'SQLITE_CANTOPEN', 'SQLITE_FULL'])(
    'turns %s into StoreUnavailableError for the port',
    (code) => {
      const error = fromSqliteError('event_store', 'sqlite', sqliteError(code));
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect(error).toMatchObject({ port: 'event_store', adapter: 'sqlite', reason: `database is locked (${code})` });
    },
  );

  it('passes other errors through', () => {
    const constraint = sqliteError('SQLITE_CONSTRAINT_UNIQUE');
    expect(fromSqliteError('event_store', 'sqlite', constraint)).toBe(constraint);
    const plain = new Error('bug');
    expect(fromSqliteError('read_store', 'embedded', plain)).toBe(plain);
  });
});
