import type { RecordedEvent } from '../ports/event-store';

/** An event as the domain sees it: its type and its data, typed together. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** A stored event read as one of the union `E`: narrowing its type narrows its data. */
export type RecordedDomainEvent<E extends DomainEvent> = RecordedEvent & E;
