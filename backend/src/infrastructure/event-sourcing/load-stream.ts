import type { EventStore } from '@ringcheck/projections';
import { type Decider, type DomainEvent, foldHistory } from './decider';
import { streamSnapshots } from './stream-snapshots';

/** A stream's state as it stands: its revision (-1 when empty) and the position of its last event (0 when empty). */
export interface LoadedStream<State> {
  state: State;
  revision: number;
  position: number;
}

/** Reads a stream and folds it, from its snapshot when it has one (only the events after it are read). */
export async function loadStream<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, State, Event>, 'events' | 'initialState' | 'evolve' | 'snapshot'>,
): Promise<LoadedStream<State>> {
  const snapshot = await streamSnapshots.of(store)?.load(streamId, decider);
  const history = await store.readStream(streamId, snapshot ? { fromRevision: snapshot.revision + 1 } : undefined);
  const last = history.at(-1);
  return {
    state: foldHistory(decider, history, snapshot ? snapshot.state : decider.initialState()),
    revision: last?.revision ?? snapshot?.revision ?? -1,
    position: last?.position ?? snapshot?.position ?? 0,
  };
}
