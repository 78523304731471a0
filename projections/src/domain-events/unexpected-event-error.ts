import type { RecordedEvent } from '../ports/event-store';

/** A stored event read where its type does not belong: a wrong stream, or a union that lacks it. */
export class UnexpectedEventError extends Error {
  constructor(
    readonly union: string,
    readonly event: Pick<RecordedEvent, 'type' | 'streamId' | 'revision'>,
  ) {
    super(`${event.type} (stream ${event.streamId}, revision ${event.revision}) is not one of the ${union} events`);
    this.name = 'UnexpectedEventError';
  }
}
