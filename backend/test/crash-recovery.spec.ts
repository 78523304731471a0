import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections, type Document, ProjectionRunner, type ReadStore } from '@ringcheck/projections';
import { SqliteEventStore } from '../src/infrastructure/event-store';
import { EmbeddedReadStore } from '../src/infrastructure/read-store';

const root = join(__dirname, '../..');
const writerScript = join(root, 'backend/dist/reliability/crash-writer.js');
const burstScript = join(root, 'backend/dist/reliability/burst-writer.js');

interface Ack {
  streamId: string;
  ids: string[];
  position: number;
}

/** Runs the writer until it has acknowledged some appends, then kills it with SIGKILL at a random moment. */
function runAndKill(dataDir: string, seed: number, acks: Ack[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [writerScript, dataDir, String(seed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffer = '';
    let stderr = '';
    let killTimer: NodeJS.Timeout | undefined;
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        if (line === 'ready') {
          killTimer = setTimeout(() => child.kill('SIGKILL'), 80 + Math.floor(Math.random() * 400));
        } else if (line) acks.push(JSON.parse(line) as Ack);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code, signal) => {
      clearTimeout(killTimer);
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`writer exited with ${code}: ${stderr}`));
    });
  });
}

async function snapshot(store: ReadStore, runner: ProjectionRunner): Promise<Record<string, Document[]>> {
  const result: Record<string, Document[]> = {};
  for (const name of runner.projectionNames()) {
    result[name] = await runner.collection(name).find({}, { sort: { _id: 1 } });
  }
  void store;
  return result;
}

describe('crash recovery (SIGKILL while appending)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-crash-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every acknowledged append exactly once and projections converge to a clean rebuild', async () => {
    const acks: Ack[] = [];
    for (let round = 0; round < 6; round++) await runAndKill(dir, 1000 + round, acks);
    expect(acks.length).toBeGreaterThan(20);

    const events = SqliteEventStore.open(dir);
    const all = await events.readAll();
    const ids = all.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const present = new Set(ids);
    const lost = acks.flatMap((a) => a.ids).filter((id) => !present.has(id));
    expect(lost).toEqual([]);
    for (let i = 1; i < all.length; i++) expect(all[i].position).toBeGreaterThan(all[i - 1].position);
    const byStream = new Map<string, number[]>();
    for (const e of all) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.revision]);
    for (const revisions of byStream.values()) expect(revisions).toEqual(revisions.map((_, i) => i));

    // The read models the killed writer left behind, caught up from their checkpoints...
    const survived = await EmbeddedReadStore.open(dir);
    const resumed = new ProjectionRunner(events, survived, allProjections);
    await resumed.start();
    const after = await snapshot(survived, resumed);

    // ...equal a clean rebuild from the log in a fresh read store.
    const cleanDir = mkdtempSync(join(tmpdir(), 'ringcheck-clean-'));
    const clean = await EmbeddedReadStore.open(cleanDir);
    const rebuilt = new ProjectionRunner(events, clean, allProjections);
    await rebuilt.start();
    const expected = await snapshot(clean, rebuilt);
    expect(after).toEqual(expected);
    expect(Object.values(expected).flat().length).toBeGreaterThan(0);

    await resumed.stop();
    await rebuilt.stop();
    await survived.close();
    await clean.close();
    await events.close();
    rmSync(cleanDir, { recursive: true, force: true });
  }, 60_000);
});

interface BurstLine {
  start?: { streamId: string; ids: string[] };
  ack?: { streamId: string; ids: string[]; position: number };
}

/** Runs 64 concurrent writers until some hundreds of appends are acknowledged, then kills the process mid-burst. */
function burstAndKill(dataDir: string, seed: number, lines: BurstLine[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [burstScript, dataDir, String(seed)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let buffer = '';
    let stderr = '';
    let acked = 0;
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const part of parts) {
        if (!part || part === 'ready') continue;
        const line = JSON.parse(part) as BurstLine;
        lines.push(line);
        if (line.ack && ++acked === 300 + seed * 37) child.kill('SIGKILL');
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`burst writer exited with ${code}: ${stderr}`))));
  });
}

describe('crash recovery (SIGKILL during a burst of grouped appends)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-burst-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every acknowledged append and no part of an append that was not', async () => {
    const lines: BurstLine[] = [];
    for (let seed = 1; seed <= 3; seed++) await burstAndKill(dir, seed, lines);
    const acks = lines.flatMap((line) => (line.ack ? [line.ack] : []));
    const started = lines.flatMap((line) => (line.start ? [line.start] : []));
    expect(acks.length).toBeGreaterThanOrEqual(300);

    const events = SqliteEventStore.open(dir);
    try {
      const all = await events.readAll();
      const byId = new Map(all.map((event) => [event.id, event]));
      expect(byId.size).toBe(all.length);
      // Acknowledged: stored, at the position its promise answered.
      for (const ack of acks) {
        for (const id of ack.ids) expect(byId.get(id)?.streamId).toBe(ack.streamId);
        expect(byId.get(ack.ids[ack.ids.length - 1]!)!.position).toBe(ack.position);
      }
      // Started but not acknowledged: stored whole (committed before its answer got out) or not at all.
      const acked = new Set(acks.flatMap((ack) => ack.ids));
      const unanswered = started.filter((append) => !acked.has(append.ids[0]!));
      expect(unanswered.length).toBeGreaterThan(0);
      for (const append of unanswered) {
        const present = append.ids.filter((id) => byId.has(id)).length;
        expect([0, append.ids.length]).toContain(present);
      }
      // Every stream's revisions run from 0 without a gap, and positions only increase.
      const revisions = new Map<string, number[]>();
      for (const event of all) revisions.set(event.streamId, [...(revisions.get(event.streamId) ?? []), event.revision]);
      for (const list of revisions.values()) expect(list).toEqual(list.map((_, index) => index));
      for (let i = 1; i < all.length; i++) expect(all[i]!.position).toBeGreaterThan(all[i - 1]!.position);
    } finally {
      await events.close();
    }
  }, 60_000);
});
