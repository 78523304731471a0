import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallDocument, callsProjection, type EventStore, newEvent, type ProjectionRunner, workspaceStream } from '@ringcheck/projections';
import { SqliteEventStore } from '../infrastructure/event-store';
import { type Decider, type DomainEvent, loadStream, metadataFor, SNAPSHOTS_COLLECTION, StreamSnapshots, streamSnapshots, systemContext } from '../infrastructure/event-sourcing';
import { EmbeddedReadStore } from '../infrastructure/read-store';
import { userDecider, userStream } from '../identity/domain/user.decider';
import { recentSince } from '../workspace/api/call-summary';
import { workspaceDecider } from '../workspace/domain/workspace.decider';
import { WorkspaceReadModels } from '../workspace/queries/workspace-read-models';
import type { BenchOptions } from './bench-options';
import { ms, report, summarize } from './stats';

const ROUNDS = 7;
/** From this many events a stream is long: its snapshot must then beat reading it whole. */
const LONG = 1_000;
/** From this many calls an owner's documents no longer fit the read store's cache: counting must then beat reading them. */
const MANY_CALLS = 10_000;

/** The state from a stream's snapshot beside reading and folding it whole; for a long stream, at least 4 times faster. */
function fromSnapshotFigure(label: string, events: number, snapshot: { fromSnapshot: number; whole: number; snapshotKb: number }): void {
  const figure = `from its snapshot ${ms(snapshot.fromSnapshot)} (${snapshot.snapshotKb.toFixed(0)} kB)`;
  const versus = `read and folded whole ${ms(snapshot.whole)}`;
  if (events < LONG) return report(label, `${figure}; ${versus}`);
  report(label, figure, { target: '<= 0.25 of reading it whole', met: snapshot.fromSnapshot <= snapshot.whole * 0.25, versus, ratio: (snapshot.fromSnapshot / snapshot.whole).toFixed(3) });
}
const DAY_MS = 86_400_000;

/** Median time of `rounds` runs of `work`, after one unmeasured. */
async function median(work: () => Promise<unknown>, rounds = ROUNDS): Promise<number> {
  await work();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return summarize(samples).p50;
}

async function appendInBatches(events: EventStore, streamId: string, data: DomainEvent[]): Promise<void> {
  const metadata = metadataFor(systemContext());
  for (let start = 0; start < data.length; start += 100) {
    await events.appendToStream(streamId, data.slice(start, start + 100).map((event) => newEvent({ id: randomUUID(), ...event }, metadata)));
  }
}

/**
 * What a command on a stream costs, read whole and from its snapshot: the stream read with no snapshots
 * attached, then a snapshot of its state kept and the stream read again through it.
 */
async function readWholeAndFromSnapshot<State>(
  events: EventStore,
  reads: EmbeddedReadStore,
  snapshots: StreamSnapshots,
  streamId: string,
  decider: Decider<never, State, DomainEvent>,
): Promise<{ whole: number; fromSnapshot: number; snapshotKb: number }> {
  const whole = await median(() => loadStream(events, streamId, decider));
  const loaded = await loadStream(events, streamId, decider);
  snapshots.saveIfDue(streamId, decider, -1, loaded);
  const stored = await snapshotStored(reads, streamId);
  streamSnapshots.attach(events, snapshots);
  const fromSnapshot = await median(() => loadStream(events, streamId, decider));
  return { whole, fromSnapshot, snapshotKb: stored / 1024 };
}

/** The snapshot's size in bytes, once its write (not waited for by the store) has landed. */
async function snapshotStored(reads: EmbeddedReadStore, streamId: string): Promise<number> {
  for (let tries = 0; tries < 500; tries++) {
    const stored = await reads.collection(SNAPSHOTS_COLLECTION).findOne({ _id: streamId });
    if (stored !== null) return JSON.stringify(stored).length;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`No snapshot of ${streamId} was written`);
}

/** A workspace's history: one event per call, to one of a twentieth as many businesses. */
function workspaceHistory(userId: string, calls: number): DomainEvent[] {
  const businesses = Math.max(1, Math.floor(calls / 20));
  return Array.from({ length: calls }, (_, i) => {
    const business = i % businesses;
    const place = { placeSearchResultId: `plsr_${business}`, discoveryId: 'disc_1', placeId: `place_${business}`, name: `Business ${business}`, address: '1 Main St', phoneNumber: '+12125550142', website: null, rating: 4.5, ratingCount: 10, businessTypes: ['dentist'], businessStatus: 'OPERATIONAL' };
    return { type: 'BusinessCalled', data: { userId, locationId: `loc_${business}`, callId: `call_${i}`, place, chargedMonth: `2026-${String((i % 12) + 1).padStart(2, '0')}` } };
  });
}

/** A user's history: a sign-in a day, each session refreshed `refreshes` times in all (every quarter of an hour of use). */
function userHistory(userId: string, days: number, refreshes: number): DomainEvent[] {
  const start = Date.parse('2026-01-01T08:00:00.000Z');
  const history: DomainEvent[] = [{ type: 'UserSignedUp', data: { userId, provider: 'embedded', email: `${userId}@example.com`, firstName: 'Kim', lastName: 'Lee' } }];
  const perDay = Math.ceil(refreshes / days);
  for (let day = 0; day < days; day++) {
    const at = start + day * DAY_MS;
    const familyId = `fam_${day}`;
    const expiresAt = new Date(at + 30 * DAY_MS).toISOString();
    history.push({ type: 'UserSignedIn', data: { userId, method: 'password', sessionId: familyId, signedInAt: new Date(at).toISOString() } });
    history.push({ type: 'SessionStarted', data: { userId, sessionId: familyId, familyId, refreshTokenHash: `${familyId}-0`.padEnd(64, '0'), expiresAt } });
    for (let r = 1; r <= perDay; r++) {
      const refreshedAt = new Date(at + r * 900_000).toISOString();
      history.push({ type: 'SessionRefreshed', data: { userId, sessionId: randomUUID(), familyId, previousTokenHash: `${familyId}-${r - 1}`.padEnd(64, '0'), refreshTokenHash: `${familyId}-${r}`.padEnd(64, '0'), expiresAt, refreshedAt } });
    }
  }
  return history;
}

/** An owner's calls in the calls read model, each with its transcript and analysis (about 9 kB, as the sandbox's are). */
async function ownerCalls(reads: EmbeddedReadStore, ownerId: string, count: number) {
  const calls = reads.collection<CallDocument>(`calls_of_${ownerId}`);
  await calls.createIndexes(callsProjection.indexes ?? []);
  const now = Date.now();
  const transcript = Array.from({ length: 10 }, (_, i) => ({ speaker: i % 2 ? 'agent' : 'business', text: 'Thank you for calling, how can I help you today?', startMs: i * 3000, endMs: i * 3000 + 2500 }));
  const report = { summary: 'x'.repeat(300), strengths: Array.from({ length: 12 }, () => ({ text: 'Answered on the first ring', evidence: [{ segmentIndex: 0, quote: transcript[0].text, atMs: 500 }] })) };
  for (let start = 0; start < count; start += 500) {
    const docs = Array.from({ length: Math.min(500, count - start) }, (_, j) => {
      const i = start + j;
      const id = `call_${ownerId}_${i}`;
      return { _id: id, id, ownerId, status: i % 4 === 0 ? 'failed' : 'completed', businessName: `Business ${i % 50}`, createdAt: new Date(now - (count - i) * 600_000).toISOString(), transcript, analysis: { report } };
    });
    await calls.bulkWrite(docs.map((document) => ({ insertOne: { document: document as unknown as CallDocument } })));
  }
  return calls;
}

/**
 * Streams that grow all a user's life, and reads over an owner's whole history: what one command or
 * request costs as they grow. A workspace of N calls (an event a call), a user after a year of use (a
 * sign-in a day, a refresh of the session each quarter of an hour), and the call summary of an owner of
 * N calls. The whole read is what a command paid before snapshots; the summary is set beside the reading
 * of every call it replaced.
 */
export async function benchLongStreams({ quick }: BenchOptions): Promise<void> {
  const sizes = quick ? [100, 2_000] : [100, 20_000];
  const dir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-streams-'));
  const events = SqliteEventStore.open(join(dir, 'events'));
  const reads = await EmbeddedReadStore.open(join(dir, 'reads'));
  try {
    const snapshots = new StreamSnapshots(reads.collection(SNAPSHOTS_COLLECTION));
    for (const calls of sizes) {
      const userId = `usr_w${calls}`;
      await appendInBatches(events, workspaceStream(userId), workspaceHistory(userId, calls));
      const workspace = await readWholeAndFromSnapshot(events, reads, snapshots, workspaceStream(userId), workspaceDecider as Decider<never, unknown, DomainEvent>);
      fromSnapshotFigure(`streams: a workspace of ${calls.toLocaleString('en-US')} calls, its state`, calls, workspace);
    }
    const [days, refreshes] = quick ? [30, 300] : [365, 3_000];
    await appendInBatches(events, userStream('usr_year'), userHistory('usr_year', days, refreshes));
    const user = await readWholeAndFromSnapshot(events, reads, snapshots, userStream('usr_year'), userDecider as Decider<never, unknown, DomainEvent>);
    fromSnapshotFigure(`streams: a user of ${days} sign-ins, ${refreshes.toLocaleString('en-US')} refreshes`, days + refreshes, user);

    for (const count of sizes) {
      const ownerId = `usr_o${count}`;
      const calls = await ownerCalls(reads, ownerId, count);
      const workspace = new WorkspaceReadModels({ collection: () => calls } as unknown as ProjectionRunner);
      const counted = await median(() => workspace.callCountsOf(ownerId, recentSince(new Date())));
      const everyCall = await median(() => calls.find({ ownerId }, { sort: { createdAt: 1 }, projection: { _id: 1, id: 1, status: 1, businessName: 1, createdAt: 1 } }));
      const label = `streams: call summary of an owner of ${count.toLocaleString('en-US')} calls`;
      const versus = `reading every call ${ms(everyCall)}`;
      if (count < MANY_CALLS) report(label, `counted through indexes ${ms(counted)}; ${versus}`);
      else report(label, `counted through indexes ${ms(counted)}`, { target: '<= 0.1 of reading every call', met: counted <= everyCall * 0.1, versus, ratio: (counted / everyCall).toFixed(3) });
    }
  } finally {
    await reads.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
