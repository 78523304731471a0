import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallDocument, callsProjection, type ProjectionRunner } from '@ringcheck/projections';
import { EmbeddedReadStore } from '../../infrastructure/read-store';
import { callSummaryOf, recentSince } from '../api/call-summary';
import { WorkspaceReadModels } from './workspace-read-models';

const NOW = new Date('2026-11-30T12:00:00.000Z');
const HOUR = 3600_000;

const call = (n: number, ownerId: string, status: CallDocument['status'], hoursAgo: number) =>
  ({ _id: `call_${n}`, id: `call_${n}`, ownerId, status, businessName: `Business ${n}`, createdAt: new Date(NOW.getTime() - hoursAgo * HOUR).toISOString() }) as unknown as CallDocument;

describe('WorkspaceReadModels: the call summary', () => {
  let dir: string;
  let store: EmbeddedReadStore;
  let reads: WorkspaceReadModels;
  /** Documents read while the summary is counted. */
  let documentsRead: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-workspace-reads-'));
    store = await EmbeddedReadStore.open(dir);
    const calls = store.collection<CallDocument>('calls_v1');
    await calls.createIndexes(callsProjection.indexes ?? []);
    const docs: CallDocument[] = [];
    // The owner's 600 older calls, then 5 of the last day; another owner's, who must not count.
    for (let n = 0; n < 600; n++) docs.push(call(n, 'usr_kim', n % 3 === 0 ? 'failed' : 'completed', 1000 - n));
    docs.push(call(600, 'usr_kim', 'completed', 20), call(601, 'usr_kim', 'queued', 3), call(602, 'usr_kim', 'in_progress', 2));
    docs.push(call(603, 'usr_kim', 'canceled', 1), call(604, 'usr_kim', 'in_progress', 0.5));
    for (let n = 700; n < 750; n++) docs.push(call(n, 'usr_lee', 'in_progress', 1));
    await calls.bulkWrite(docs.map((document) => ({ insertOne: { document } })));
    const runner = { collection: () => calls } as unknown as ProjectionRunner;
    reads = new WorkspaceReadModels(runner);
    const indexDocuments = store.indexDocuments.bind(store);
    jest.spyOn(store, 'indexDocuments').mockImplementation(function* (...args: Parameters<typeof indexDocuments>) {
      for (const doc of indexDocuments(...args)) {
        documentsRead++;
        yield doc;
      }
    });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts the owner’s calls by status and age, and names the first', async () => {
    documentsRead = 0;
    expect(callSummaryOf(await reads.callCountsOf('usr_kim', recentSince(NOW)))).toEqual({
      firstCall: { id: 'call_0', business_name: 'Business 0', created_at: new Date(NOW.getTime() - 1000 * HOUR).toISOString() },
      totalCalls: 605,
      completedCalls: 401,
      inProgressCalls: 3,
      recentCallActivity: 5,
    });
  });

  it('reads no call but the first and the last day’s: the counts come from the indexes', async () => {
    documentsRead = 0;
    await reads.callCountsOf('usr_kim', recentSince(NOW));
    expect(documentsRead).toBeLessThanOrEqual(1 + 5);
  });

  it('is empty for a user without calls', async () => {
    expect(callSummaryOf(await reads.callCountsOf('usr_new', recentSince(NOW)))).toEqual({
      firstCall: null,
      totalCalls: 0,
      completedCalls: 0,
      inProgressCalls: 0,
      recentCallActivity: 0,
    });
  });
});
