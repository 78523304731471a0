import type { AllStreamResolvedEvent, Position, ResolvedEvent } from '@eventstore/db-client';
import type { EventMetadata, RecordedEvent } from '@ringcheck/projections';

/**
 * Our global position of an EventStoreDB event is its prepare position. Every event appended
 * over gRPC is a self-committing prepare record, for which the server reports
 * commit position == prepare position; the records of one append are written contiguously, so
 * prepare positions increase strictly in $all order. (Only the legacy TCP explicit transactions
 * produce commit != prepare, and this adapter never writes those.)
 */
export function toOurPosition(position: Position): number {
  return Number(position.prepare);
}

/** The $all position at which a read from our (exclusive) position starts; the event there is dropped by the caller. */
export function toEventStoreDbPosition(position: number): Position {
  const value = BigInt(position);
  return { commit: value, prepare: value };
}

/** System streams, metadata streams, link events and the server's own event types all start with '$'. */
export function isSystemEvent(streamId: string, type: string): boolean {
  return streamId.startsWith('$') || type.startsWith('$');
}

/** Maps a resolved event to ours, or undefined for links, system events and non-JSON records. */
export function toRecordedEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || resolved.link || isSystemEvent(event.streamId, event.type) || !event.isJson) return undefined;
  if (!event.position) {
    throw new Error('EventStoreDB 22.6 or newer is required: the server returned an event without its position');
  }
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: toOurPosition(event.position),
    data: event.data,
    metadata: event.metadata as EventMetadata,
  };
}
