import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callsProjection, type EventStore, type RecordedEvent } from '@ringcheck/projections';
import { eventually } from '../../../test/eventually';
import { createEventStore } from './create-event-store';
import { SqliteEventStore } from './sqlite-event-store';

const callId = `call_${randomUUID()}`;
const stream = `call-${callId}`;
const metadata = (schemaVersion: number) => ({ correlationId: 'c', occurredAt: '2026-01-05T15:00:00.000Z', schemaVersion });
/** A call requested before calls recorded their telephony (schema version 1). */
const requestV1 = {
  callId,
  ownerId: null,
  kind: 'mock',
  discoveryId: null,
  placeSearchResultId: null,
  businessName: 'Demo Plumbing Co.',
  toNumber: '+12125550199',
  fromNumber: '+12125550100',
  business: null,
  retryPolicy: { maxAttempts: 1, retryOn: [], delayMs: 0 },
  timeScale: 1,
  awaitingPlacement: false,
};

describe('a log holding two schema versions of CallRequested, read through the upcasting seam', () => {
  let dir: string;
  let raw: SqliteEventStore;
  let store: EventStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-upcast-'));
    raw = SqliteEventStore.open(dir);
    await raw.appendToStream(stream, [{ id: randomUUID(), type: 'CallRequested', data: requestV1, metadata: metadata(1) }]);
    store = await createEventStore({ dataDir: dir });
    // Written now: stamped with the current version whatever the writer put in its metadata.
    await store.appendToStream(`call-${callId}-v2`, [
      { id: randomUUID(), type: 'CallRequested', data: { ...requestV1, callId: `${callId}-v2`, provider: 'twilio' }, metadata: metadata(1) },
    ]);
  });
  afterAll(async () => {
    await store.close();
    await raw.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores each event with the version it was written in, and stamps new ones with the current version', async () => {
    expect((await raw.readStream(stream))[0].metadata.schemaVersion).toBe(1);
    expect((await raw.readStream(`call-${callId}-v2`))[0].metadata.schemaVersion).toBe(2);
  });

  it('hands every reader the current shape: stream reads, reads of the whole log and live subscriptions', async () => {
    const [old] = await store.readStream(stream);
    expect(old.data).toMatchObject({ provider: 'sandbox' });
    expect(old.metadata.schemaVersion).toBe(2);
    const all = (await store.readAll()).filter((event) => event.type === 'CallRequested');
    expect(all.map((event) => (event.data as { provider: string }).provider)).toEqual(['sandbox', 'twilio']);

    const delivered: RecordedEvent[] = [];
    const subscription = store.subscribeToAll((event) => {
      delivered.push(event);
    });
    await eventually('both requests delivered', () => delivered.length >= 2);
    await subscription.close();
    expect(delivered.map((event) => (event.data as { provider: string }).provider)).toEqual(['sandbox', 'twilio']);
  });

  it('builds the calls read model from both versions alike', async () => {
    const docs = (await store.readAll()).map((event) => callsProjection.evolve(null, event as never));
    expect(docs.map((doc) => doc?.provider)).toEqual(['sandbox', 'twilio']);
  });
});
