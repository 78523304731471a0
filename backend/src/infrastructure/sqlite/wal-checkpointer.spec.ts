import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { immediateTransaction } from './write-transaction';
import { WalCheckpointer } from './wal-checkpointer';

describe('WAL checkpointer', () => {
  let dir: string;
  let file: string;
  let db: Database.Database;
  let checkpointer: WalCheckpointer;
  const row = 'x'.repeat(16 * 1024);
  const setting = () => (db.prepare('PRAGMA wal_autocheckpoint').raw(true).get() as [number])[0];
  const writeMegabytes = (megabytes: number) => {
    for (let i = 0; i < megabytes * 4; i++) {
      immediateTransaction(db, () => {
        for (let j = 0; j < 16; j++) db.prepare('INSERT INTO t (doc) VALUES (?)').run(row);
      });
      checkpointer.committed();
    }
  };
  const until = async (condition: () => boolean) => {
    for (const started = Date.now(); !condition(); ) {
      if (Date.now() - started > 5000) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-checkpointer-'));
    file = join(dir, 'test.db');
    db = new Database(file);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, doc TEXT)');
    checkpointer = new WalCheckpointer(db, file);
  });
  afterEach(async () => {
    await checkpointer.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves small logs to SQLite, then copies large ones into the database file on its own thread', async () => {
    writeMegabytes(1);
    expect(checkpointer.running).toBe(false);
    expect(setting()).toBe(1000);

    writeMegabytes(8);
    expect(checkpointer.running).toBe(true);
    // The connection that commits only checkpoints past a backstop now.
    expect(setting()).toBe(4096);
    // SQLite's own checkpoints copied the first 4 MB; the rest reaches the database file from the thread.
    await until(() => checkpointer.rounds > 0 && statSync(file).size > 8 * 1024 * 1024);
    expect((db.prepare('SELECT COUNT(*) FROM t').raw(true).get() as [number])[0]).toBe(9 * 4 * 16);
  });

  it('catches up after a long burst of commits, and the log starts over at its kept size', async () => {
    writeMegabytes(48);
    await until(() => statSync(file).size > 48 * 1024 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 300));
    writeMegabytes(0.25);
    expect(statSync(`${file}-wal`).size).toBeLessThanOrEqual(16 * 1024 * 1024);
  });

  it('ends its thread on stop and starts no other', async () => {
    writeMegabytes(6);
    await checkpointer.stop();
    expect(checkpointer.running).toBe(false);
    expect(setting()).toBe(4096);
    checkpointer.committed();
    expect(checkpointer.running).toBe(false);
  });
});
