import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asOfReplay, conversionProjection, type NewEvent, ProjectionRunner, type RecordedEvent } from '@ringcheck/projections';
import { writeConversionHistory } from '../../bench/conversion-history';
import { SqliteEventStore } from '../../infrastructure/event-store';
import { EmbeddedReadStore } from '../../infrastructure/read-store';
import { ConversionReports } from './conversion-reports';

const range = { from: '2026-06-01', to: '2026-07-12' };

async function readAll(store: SqliteEventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ fromPosition: events.at(-1)?.position ?? 0, maxCount: 5000 });
    events.push(...page);
    if (page.length < 5000) return events;
  }
}

/** A store holding only the first events of the log, each in its own stream and order, as it stood then. */
async function storeOf(dir: string, events: readonly RecordedEvent[]): Promise<SqliteEventStore> {
  const store = SqliteEventStore.open(dir);
  for (let i = 0; i < events.length; ) {
    let j = i;
    while (j < events.length && events[j].streamId === events[i].streamId) j++;
    const run: NewEvent[] = events.slice(i, j).map(({ id, type, data, metadata }) => ({ id, type, data, metadata }));
    await store.appendToStream(events[i].streamId, run);
    i = j;
  }
  return store;
}

describe('conversion report as of a past position or date', () => {
  let root: string;
  let log: SqliteEventStore;
  let events: RecordedEvent[];
  const visitorsAt: number[] = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'ringcheck-conversion-as-of-'));
    log = SqliteEventStore.open(join(root, 'log'));
    await writeConversionHistory(log, { events: 8000, start: new Date('2026-06-01T00:00:00.000Z'), weeks: 6, seed: 'as-of-proof' }, 500);
    events = await readAll(log);
  });
  afterAll(async () => {
    await log.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes a history with every stage of the funnel in it', async () => {
    expect(events).toHaveLength(8000);
    const replay = await asOfReplay(log, { position: events.at(-1)!.position });
    const report = await new ConversionReports(log, { position: 0 } as never).report(range, { position: events.at(-1)!.position });
    expect(replay.eventsRead).toBe(8000);
    expect(report.funnel.visitors).toBeGreaterThan(500);
    expect(report.funnel.searched).toBeGreaterThan(100);
    expect(report.funnel.called).toBeGreaterThan(30);
    expect(report.funnel.signed_up).toBeGreaterThan(10);
    expect(report.sources.map((s) => s.source)).toEqual(expect.arrayContaining(['google.com', 'newsletter', 'direct', 'undisclosed']));
    expect(report.time_to_conversion.filter((b) => b.visitors > 0).length).toBeGreaterThanOrEqual(3);
  });

  it.each([1, 777, 2500, 4000, 6123, 8000])('gives at position %i exactly the figures of the read model rebuilt from a log that stops there', async (cut) => {
    const position = events[cut - 1].position;
    const dir = join(root, `cut-${cut}`);
    const prefix = await storeOf(join(dir, 'events'), events.slice(0, cut));
    const reads = await EmbeddedReadStore.open(join(dir, 'reads'));
    const runner = new ProjectionRunner(prefix, reads, [conversionProjection]);
    try {
      await runner.start();
      await runner.rebuild('conversion');
      expect(runner.position).toBe(position);
      const rebuilt = await new ConversionReports(prefix, runner).report(range, null);
      const replayed = await new ConversionReports(log, runner).report(range, { position });
      expect(replayed).toEqual(rebuilt);
      visitorsAt.push(replayed.funnel.visitors);
      expect(replayed.as_of).toEqual({ position, occurred_at: events[cut - 1].metadata.occurredAt });
    } finally {
      await runner.stop();
      await reads.close();
      await prefix.close();
    }
  });

  it('gives figures that grow with the log, so the cuts above compared different states', () => {
    expect(visitorsAt).toHaveLength(6);
    for (let i = 1; i < visitorsAt.length; i++) expect(visitorsAt[i]).toBeGreaterThan(visitorsAt[i - 1]);
  });

  it('replays as of a date up to the last event that occurred by then', async () => {
    const date = '2026-06-20T00:00:00.000Z';
    const cut = events.findIndex((event) => event.metadata.occurredAt > date);
    const byDate = await asOfReplay(log, { date });
    expect(byDate.position).toBe(events[cut - 1].position);
    expect(byDate.occurredAt! <= date).toBe(true);
    const reports = new ConversionReports(log, { position: 0 } as never);
    expect(await reports.report(range, { date })).toEqual(await reports.report(range, { position: events[cut - 1].position }));
    expect(await asOfReplay(log, { date: '2026-05-01T00:00:00.000Z' })).toMatchObject({ position: 0, occurredAt: null, eventsRead: 0 });
  });

  it('replays one as-of report at a time, answering a second one 503 with Retry-After meanwhile', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The real log, held at its first page until the second request has been answered.
    const slowLog = { readAll: async (options: Parameters<SqliteEventStore['readAll']>[0]) => (await held, log.readAll(options)) };
    const reports = new ConversionReports(slowLog as never, { position: 0 } as never);
    const first = reports.report(range, { position: 4000 });
    await expect(reports.report(range, { position: 10 })).rejects.toMatchObject({ status: 503, body: { error: 'replay_busy' }, headers: { 'Retry-After': '5' } });
    release();
    expect((await first).as_of.position).toBe(events[3999].position);
    expect((await reports.report(range, { position: 10 })).as_of.position).toBe(events[9].position);
  });

  it('lets the event loop run other work between the pages it replays', async () => {
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    try {
      await new ConversionReports(log, { position: 0 } as never).report(range, { position: events.at(-1)!.position });
    } finally {
      clearInterval(timer);
    }
    expect(turns).toBeGreaterThan(0);
  });
});
