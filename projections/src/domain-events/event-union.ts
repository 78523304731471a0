import type { RecordedEvent } from '../ports/event-store';
import type { DomainEvent, RecordedDomainEvent } from './domain-event';

/** The event types of one union (a stream's events, a read model's), known at run time. */
export interface EventUnion<E extends DomainEvent> {
  /** What the events are of, for errors: 'call', 'user'. */
  readonly name: string;
  readonly types: readonly E['type'][];
  includes(event: RecordedEvent): event is RecordedDomainEvent<E>;
}

/** Every type of the union must be listed, so an event added to the union cannot be missed here. */
export function eventUnion<E extends DomainEvent>(name: string, types: { readonly [T in E['type']]: true }): EventUnion<E> {
  const listed = Object.keys(types) as E['type'][];
  const known = new Set<string>(listed);
  return {
    name,
    types: listed,
    includes: (event): event is RecordedDomainEvent<E> => known.has(event.type),
  };
}

/** The part of a union one reader handles (a read model built from some of a stream's events). */
export function pickEvents<E extends DomainEvent, T extends E['type']>(union: EventUnion<E>, ...types: T[]): EventUnion<Extract<E, { type: T }>> {
  const known = new Set<string>(types);
  return {
    name: union.name,
    types,
    includes: (event): event is RecordedDomainEvent<Extract<E, { type: T }>> => known.has(event.type),
  };
}

/** A union but some of its types (a read model that reads every event of a stream but those). */
export function omitEvents<E extends DomainEvent, T extends E['type']>(union: EventUnion<E>, ...omitted: T[]): EventUnion<Exclude<E, { type: T }>> {
  const left = new Set<string>(omitted);
  const types = union.types.filter((type) => !left.has(type)) as Exclude<E, { type: T }>['type'][];
  return pickEvents(union, ...types) as unknown as EventUnion<Exclude<E, { type: T }>>;
}

/** The events a union reads. */
export type EventsOf<U> = U extends EventUnion<infer E> ? E : never;
