import { type DomainEvent, domainEventsOf, type EventUnion, type RecordedEvent } from '@ringcheck/projections';
import type { SnapshotCodec } from './stream-snapshots';

export type { DomainEvent } from '@ringcheck/projections';

/** A decider: commands become events (decide is pure) given the state folded from a stream's past events. */
export interface Decider<Command, State, Event extends DomainEvent> {
  /** The events its stream holds: every stored event is read as one of them. */
  events: EventUnion<Event>;
  initialState: () => State;
  /**
   * The state after `event`. It may change the state it is given and return it: a state is only ever
   * folded forward by whoever holds it (foldEvents starts from a fresh one; a remembered one is a copy).
   */
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
  /** For streams that grow all their life: commands then start from a snapshot (stream-snapshots.ts). */
  snapshot?: SnapshotCodec<State>;
}

export function foldEvents<State, Event extends DomainEvent>(
  decider: Pick<Decider<unknown, State, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}

/** The state a stream's stored history folds to, each event read as one of the decider's. */
export function foldHistory<State, Event extends DomainEvent>(
  decider: Pick<Decider<unknown, State, Event>, 'events' | 'initialState' | 'evolve'>,
  history: readonly RecordedEvent[],
  from: State = decider.initialState(),
): State {
  return domainEventsOf(decider.events, history).reduce((state, event) => decider.evolve(state, event), from);
}
