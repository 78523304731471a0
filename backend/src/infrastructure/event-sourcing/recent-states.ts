import type { EventStore } from '@ringcheck/projections';

/** What a stream folded to right after this process appended to it. */
export interface RecentState {
  decider: object;
  state: unknown;
  revision: number;
}

/** Streams remembered per store; the least recently written are forgotten first. */
const STREAMS_MAX = 500;

const byStore = new WeakMap<EventStore, Map<string, RecentState>>();

/**
 * The state of streams this process appended to last, so that the next command on one of them can be
 * decided without reading the stream again. Only a hint: the append that follows still names the
 * revision the state was folded at, so a stream another writer moved meanwhile refuses it.
 */
export const recentStates = {
  get(store: EventStore, streamId: string, decider: object): RecentState | undefined {
    const recent = byStore.get(store)?.get(streamId);
    return recent?.decider === decider ? recent : undefined;
  },

  set(store: EventStore, streamId: string, recent: RecentState): void {
    let streams = byStore.get(store);
    if (!streams) byStore.set(store, (streams = new Map()));
    streams.delete(streamId);
    streams.set(streamId, recent);
    if (streams.size > STREAMS_MAX) streams.delete(streams.keys().next().value!);
  },

  forget(store: EventStore, streamId: string): void {
    byStore.get(store)?.delete(streamId);
  },
};
