import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConversionDocument, ProjectionRunner, VisitorJourneyDocument } from '@ringcheck/projections';
import { conversionProjection } from '@ringcheck/projections';
import { EmbeddedReadStore } from '../../infrastructure/read-store';
import { ConversionReports } from './conversion-reports';

const journey = (n: number, firstVisitAt: string): VisitorJourneyDocument => ({
  _id: `anon_${String(n).padStart(5, '0')}`,
  kind: 'visitor',
  anonId: `anon_${String(n).padStart(5, '0')}`,
  firstVisitAt,
  visits: 1,
  pageViews: 1,
  sourceDisclosed: true,
  referrerHost: null,
  campaignSource: null,
  firstPageViewSeen: true,
  source: 'direct',
  firstSearchAt: null,
  firstCallAt: null,
  linkedUserId: null,
  linkedAt: null,
  linkSource: null,
});

describe('the live conversion report', () => {
  let dir: string;
  let store: EmbeddedReadStore;
  let reports: ConversionReports;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-conversion-reports-'));
    store = await EmbeddedReadStore.open(dir);
    const collection = store.collection<ConversionDocument>('conversion_v1');
    await collection.createIndexes(conversionProjection.indexes ?? []);
    // 4,500 visitors over June, 1,500 of them first seen at one instant (more than a page), and some outside the range.
    const docs: VisitorJourneyDocument[] = [];
    for (let n = 0; n < 3000; n++) docs.push(journey(n, new Date(Date.parse('2026-06-01T00:00:00.000Z') + n * 600_000).toISOString()));
    for (let n = 3000; n < 4500; n++) docs.push(journey(n, '2026-06-10T12:00:00.000Z'));
    for (let n = 4500; n < 4600; n++) docs.push(journey(n, '2026-08-01T00:00:00.000Z'));
    await collection.bulkWrite(docs.map((document) => ({ insertOne: { document } })));
    reports = new ConversionReports({} as never, { collection: () => collection, position: 0 } as unknown as ProjectionRunner);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts every visitor first seen in the range once, those of one instant spread over pages too', async () => {
    const report = await reports.report({ from: '2026-06-01', to: '2026-06-30' }, null);
    const inJune = 3000 + 1500 - [...Array(3000).keys()].filter((n) => Date.parse('2026-06-01T00:00:00.000Z') + n * 600_000 >= Date.parse('2026-07-01T00:00:00.000Z')).length;
    expect(report.funnel.visitors).toBe(inJune);
  });

  it('lets the event loop run other work while it reads', async () => {
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    try {
      await reports.report({ from: '2026-06-01', to: '2026-06-30' }, null);
    } finally {
      clearInterval(timer);
    }
    expect(turns).toBeGreaterThan(0);
  });
});
