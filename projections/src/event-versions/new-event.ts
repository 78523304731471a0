import type { NewEvent, WriterMetadata } from '../ports/event-store';
import { currentSchemaVersion } from './event-versions';

/** The event to append, stamped with its type's current schema version. */
export function newEvent<Type extends string, Data>(
  event: { id: string; type: Type; data: Data },
  metadata: WriterMetadata,
): NewEvent<Type, Data> {
  return { id: event.id, type: event.type, data: event.data, metadata: { ...metadata, schemaVersion: currentSchemaVersion(event.type) } };
}
