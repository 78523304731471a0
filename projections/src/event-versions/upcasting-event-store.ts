import type { AppendOptions, EventStore, NewEvent, ReadAllOptions, ReadStreamOptions, RecordedEvent, SubscribeOptions } from '../ports/event-store';
import { upcastEvent } from './event-versions';
import { newEvent } from './new-event';

/**
 * The one seam between stored events and the code that reads them: every event read, replayed or
 * delivered live comes out in its current schema version, and every event written is stamped with
 * its type's current version. Wraps any adapter of the port.
 */
export class UpcastingEventStore implements EventStore {
  constructor(private readonly inner: EventStore) {}

  get adapterName(): string {
    return this.inner.adapterName;
  }

  appendToStream(streamId: string, events: NewEvent[], options?: AppendOptions) {
    return this.inner.appendToStream(streamId, events.map((event) => newEvent(event, event.metadata)), options);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(streamId, options)).map(upcastEvent);
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readAll(options)).map(upcastEvent);
  }

  subscribeToAll(handler: (event: RecordedEvent) => Promise<void> | void, options?: SubscribeOptions) {
    return this.inner.subscribeToAll((event) => handler(upcastEvent(event)), options);
  }

  headPosition() {
    return this.inner.headPosition();
  }

  health() {
    return this.inner.health();
  }

  close() {
    return this.inner.close();
  }
}
