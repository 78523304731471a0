import { asDomainEvent, type DomainEvent, type EventUnion, type RecordedDomainEvent } from './domain-events';
import type { RecordedEvent } from './ports/event-store';
import type { Document, IndexSpec } from './ports/read-store';

/** Fields the runner keeps on every projected document. */
export interface ProjectionBookkeeping {
  /** Global position of the last event applied to this document; redelivery at or below it is a no-op. */
  _position: number;
  /** Realtime rooms this document belongs to (e.g. 'call:call_…', 'user:user_…'). */
  _rooms: string[];
}

/**
 * A read model as a pure definition: which events it handles, which document each event touches,
 * and how a document changes. `evolve` returning null deletes the document.
 */
export interface ProjectionDefinition<D extends Document = Document> {
  name: string;
  /** Bump when `evolve` changes meaning: the runner then rebuilds into a new versioned collection. */
  version: number;
  handles: readonly string[];
  documentId(event: RecordedEvent): string | readonly string[] | null;
  evolve(document: D | null, event: RecordedEvent): D | null;
  /** Rooms a change of this document is pushed to. */
  rooms?(document: D): string[];
  indexes?: IndexSpec[];
}

export type StoredDocument<D extends Document = Document> = D & ProjectionBookkeeping;

/** A projection as written: its events, read through their union, typed by type. */
export interface ProjectionSource<D extends Document, E extends DomainEvent> extends Omit<ProjectionDefinition<D>, 'handles' | 'documentId' | 'evolve'> {
  events: EventUnion<E>;
  documentId(event: RecordedDomainEvent<E>): string | readonly string[] | null;
  evolve(document: D | null, event: RecordedDomainEvent<E>): D | null;
}

/** Every stored event a projection reads passes `asDomainEvent` first: the one typed seam. */
export function defineProjection<D extends Document, E extends DomainEvent>(source: ProjectionSource<D, E>): ProjectionDefinition<D> {
  const { events, documentId, evolve, ...rest } = source;
  return {
    ...rest,
    handles: events.types,
    documentId: (event) => documentId(asDomainEvent(events, event)),
    evolve: (document, event) => evolve(document, asDomainEvent(events, event)),
  };
}

/**
 * The one document a stream's events fold to through a projection, read straight from the stream (the
 * read model behind): events the projection does not handle are passed over.
 */
export function foldStream<D extends Document>(projection: ProjectionDefinition<D>, history: readonly RecordedEvent[]): D | null {
  let document: D | null = null;
  for (const event of history) if (projection.handles.includes(event.type)) document = projection.evolve(document, event);
  return document;
}

/** Strips the runner's bookkeeping fields before a document leaves the API. */
export function withoutBookkeeping<D extends Document>(document: D): Omit<D, '_position' | '_rooms'> {
  const { _position, _rooms, ...rest } = document as D & Partial<ProjectionBookkeeping>;
  void _position;
  void _rooms;
  return rest;
}
