/** The storage ports whose outage a caller can meet. */
export type StorePort = 'event_store' | 'read_store';

const PORT_NAMES: Record<StorePort, string> = { event_store: 'event store', read_store: 'read store' };

/**
 * A store could not be reached or written right now: its server is down, its file is locked or
 * unwritable, or it did not answer in time. Adapters turn their engine's transient failures into this
 * error so callers can answer "try again later" and retry, instead of treating it as a bug.
 */
export class StoreUnavailableError extends Error {
  constructor(
    readonly port: StorePort,
    readonly adapter: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`The ${PORT_NAMES[port]} (${adapter}) is unavailable: ${reason}`, options);
    this.name = 'StoreUnavailableError';
  }

  /** "event store" or "read store". */
  get portName(): string {
    return PORT_NAMES[this.port];
  }
}
