import { randomUUID } from 'node:crypto';
import { newEvent } from '../event-versions/new-event';
import type { NewEvent, RecordedEvent } from '../ports/event-store';

/** Asks the serving process to rebuild a read model beside the live one (e.g. `npm run projections -- rebuild`). */
export const REBUILD_REQUESTED = 'ReadModelRebuildRequested';
export const READ_MODELS_STREAM = 'read-models';

export interface RebuildRequestedData {
  projection: string;
  requestedBy: string;
}

export function rebuildRequest(projection: string, requestedBy: string): NewEvent {
  const data: RebuildRequestedData = { projection, requestedBy };
  return newEvent({ id: randomUUID(), type: REBUILD_REQUESTED, data }, { correlationId: randomUUID(), actor: 'system', occurredAt: new Date().toISOString() });
}

/** The projection a recorded rebuild request names, or null for any other event. */
export function requestedRebuildOf(event: RecordedEvent): string | null {
  if (event.type !== REBUILD_REQUESTED) return null;
  const projection = (event.data as Partial<RebuildRequestedData>).projection;
  return typeof projection === 'string' ? projection : null;
}
