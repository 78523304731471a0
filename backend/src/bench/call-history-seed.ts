import type { EventStore } from '@ringcheck/projections';
import { SqliteEventStore } from '../infrastructure/event-store';
import { type CloneIdentity, JourneyCloner } from './call-history-clone';
import { callHistoryTemplate, TEMPLATE_PASSWORD } from './call-history-template';

export interface SeedCallHistoryOptions {
  calls: number;
  /** Accounts the signed-in share of the calls is spread over, round robin; default one per 20 of those calls. */
  owners?: number;
  /** Share of the calls made by signed-in owners; the rest are visitors' who never signed up. Default 0.5. */
  signedInShare?: number;
  /** The history spans this many days, its last call now. Default 180. */
  days?: number;
  /** Calls appended at once, so a store that commits concurrent appends together can. Default 32. */
  concurrency?: number;
}

export interface SeededOwner {
  userId: string;
  /** Signs in with {@link SeededHistory.password}. */
  email: string;
  /** Oldest first. */
  callIds: string[];
}

export interface SeededHistory {
  calls: number;
  events: number;
  headPosition: number;
  /** Time spent producing or loading the template and appending the clones. */
  ms: number;
  /** The password of every seeded owner. */
  password: string;
  owners: SeededOwner[];
  /** Calls of visitors who never signed up: a preview for everyone. */
  visitorCalls: { anonId: string; callId: string }[];
}

/**
 * Seeds the embedded event store of `dataDir` (meant to be fresh) with `calls` calls cloned from real
 * sandbox calls (see {@link callHistoryTemplate}): each a discovery search and a call to a completed,
 * analysed conversation, made by a visitor or by a signed-in owner, spread evenly over the last `days`.
 */
export async function seedCallHistory(dataDir: string, options: SeedCallHistoryOptions): Promise<SeededHistory> {
  // The commit's sync is not what a seed measures; a killed seed is simply made again.
  const store = SqliteEventStore.open(dataDir, { synchronous: 'NORMAL' });
  try {
    return await appendCallHistory(store, options);
  } finally {
    await store.close();
  }
}

/** {@link seedCallHistory} into an open event store. */
export async function appendCallHistory(store: EventStore, options: SeedCallHistoryOptions): Promise<SeededHistory> {
  const started = performance.now();
  const { calls } = options;
  if (!Number.isInteger(calls) || calls < 0) throw new Error(`calls must be a whole number, at least 0 (got ${calls})`);
  const share = options.signedInShare ?? 0.5;
  const signedInCalls = Math.round(calls * share);
  const ownerCount = Math.max(1, Math.min(signedInCalls, options.owners ?? Math.round(signedInCalls / 20)));
  const spanMs = (options.days ?? 180) * 24 * 3600_000;
  const concurrency = options.concurrency ?? 32;

  const template = await callHistoryTemplate();
  const visitor = new JourneyCloner(template.visitor);
  const user = new JourneyCloner(template.user);
  const owners: (SeededOwner & { identity: Map<string, string> })[] = [];
  const visitorCalls: SeededHistory['visitorCalls'] = [];
  const end = Date.now();
  let events = 0;

  // Signed-in calls are spread evenly among the visitors' (call k is signed in when the running share falls behind).
  const cloneOf = (k: number) => {
    const shiftMs = end - spanMs + Math.floor(((k + 1) * spanMs) / Math.max(1, calls)) - visitor.startedAt;
    const signedIn = signedInCalls > 0 && Math.floor(((k + 1) * signedInCalls) / calls) > Math.floor((k * signedInCalls) / calls);
    if (!signedIn) {
      const identity: CloneIdentity = { owner: new Map(), call: new Map(), email: '', shiftMs };
      visitorCalls.push({ anonId: visitor.ownerIdIn(identity), callId: visitor.callIdIn(identity) });
      return visitor.appends(identity, true);
    }
    const slot = Math.floor((k * signedInCalls) / calls) % ownerCount;
    const first = owners[slot] === undefined;
    if (first) {
      const email = `owner-${slot + 1}@example.com`;
      const ownerIds = new Map<string, string>();
      owners[slot] = { userId: '', email, callIds: [], identity: ownerIds };
    }
    const owner = owners[slot];
    const identity: CloneIdentity = { owner: owner.identity, call: new Map(), email: owner.email, shiftMs: shiftMs + visitor.startedAt - user.startedAt };
    const appends = user.appends(identity, first);
    if (first) owner.userId = user.ownerIdIn(identity);
    owner.callIds.push(user.callIdIn(identity));
    return appends;
  };

  let next = 0;
  const worker = async () => {
    while (next < calls) {
      const appends = cloneOf(next++);
      for (const { streamId, events: batch } of appends) {
        await store.appendToStream(streamId, batch);
        events += batch.length;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, calls)) }, worker));

  return {
    calls,
    events,
    headPosition: await store.headPosition(),
    ms: performance.now() - started,
    password: TEMPLATE_PASSWORD,
    owners: owners.map(({ userId, email, callIds }) => ({ userId, email, callIds })),
    visitorCalls,
  };
}
