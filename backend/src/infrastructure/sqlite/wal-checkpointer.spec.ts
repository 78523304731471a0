import { execFileSync } from 'node:child_process';
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
      // Generous: the thread shares the machine with every other suite.
      if (Date.now() - started > 15_000) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  /**
   * Waits for a round of the thread that began after every commit so far, so the log is copied whole: a
   * round that ends after a first one has ended began after it. Each wait first tells the thread of a
   * commit, as the connection does, so that it runs another round rather than waiting for one (on a busy
   * machine a round may still be under way when the writes end, and the next commit would then go on
   * past the end of the log).
   */
  const caughtUp = async () => {
    for (let wait = 0; wait < 2; wait++) {
      const before = checkpointer.rounds;
      checkpointer.committed();
      await until(() => checkpointer.rounds > before);
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

  it('catches up after a long burst of commits, and the log starts over rather than growing', async () => {
    writeMegabytes(48);
    await caughtUp();
    expect(statSync(file).size).toBeGreaterThan(40 * 1024 * 1024);
    const burst = statSync(`${file}-wal`).size;
    // Commits after it overwrite the log from its start once the thread has copied it all: it grows no more.
    for (let round = 0; round < 8; round++) {
      writeMegabytes(4);
      await caughtUp();
    }
    expect(statSync(`${file}-wal`).size).toBeLessThanOrEqual(burst);
    expect((db.prepare('SELECT COUNT(*) FROM t').raw(true).get() as [number])[0]).toBe(80 * 4 * 16);
  });

  it('ends its thread on stop and starts no other', async () => {
    writeMegabytes(6);
    await checkpointer.stop();
    expect(checkpointer.running).toBe(false);
    expect(setting()).toBe(4096);
    checkpointer.committed();
    expect(checkpointer.running).toBe(false);
  });

  it('keeps a process that has nothing else to do alive until its thread has ended', () => {
    // Run from the sources in a process of its own: the test runner itself never lets its event loop empty.
    const script = `
      const { readFileSync } = require('node:fs');
      const { transformSync } = require(${JSON.stringify(require.resolve('@swc/core'))});
      require.extensions['.ts'] = (module, filename) => {
        const options = { filename, jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'commonjs' } };
        module._compile(transformSync(readFileSync(filename, 'utf8'), options).code, filename);
      };
      const Database = require('libsql');
      const { WalCheckpointer } = require(${JSON.stringify(join(__dirname, 'wal-checkpointer.ts'))});
      const db = new Database(${JSON.stringify(join(dir, 'child.db'))});
      db.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (doc TEXT)');
      const checkpointer = new WalCheckpointer(db, ${JSON.stringify(join(dir, 'child.db'))});
      for (let i = 0; i < 400; i++) {
        db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(16384));
        checkpointer.committed();
      }
      if (!checkpointer.running) throw new Error('the thread did not start');
      checkpointer.stop().then(() => {
        db.close();
        console.log(checkpointer.running ? 'still running' : 'stopped, then closed');
      });
    `;
    const output = execFileSync(process.execPath, ['-e', script], { cwd: __dirname, encoding: 'utf8', timeout: 15_000 });
    expect(output.trim()).toBe('stopped, then closed');
  });
});

