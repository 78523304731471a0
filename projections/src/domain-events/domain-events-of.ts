import type { RecordedEvent } from '../ports/event-store';
import type { DomainEvent, RecordedDomainEvent } from './domain-event';
import type { EventUnion } from './event-union';
import { UnexpectedEventError } from './unexpected-event-error';

/** A stored event, typed as one of `union`'s events once checked to be one; throws otherwise. */
export function asDomainEvent<E extends DomainEvent>(union: EventUnion<E>, event: RecordedEvent): RecordedDomainEvent<E> {
  if (!union.includes(event)) throw new UnexpectedEventError(union.name, event);
  return event;
}

/** Stored events (a stream's history), each read through {@link asDomainEvent}. */
export function domainEventsOf<E extends DomainEvent>(union: EventUnion<E>, events: readonly RecordedEvent[]): RecordedDomainEvent<E>[] {
  return events.map((event) => asDomainEvent(union, event));
}
