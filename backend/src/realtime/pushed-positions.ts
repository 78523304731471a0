import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, ProjectionRunner } from '@ringcheck/projections';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/storage';
import type { RealtimeMessage } from './realtime-message';
import { SentPositions } from './sent-positions';

/** Room and document pairs whose newest push is remembered; past it the oldest are forgotten. */
const MAX_ROOM_DOCUMENTS = 100_000;

/** How long a read waits for what was pushed before it to be written; past it, it answers what is there. */
export const PUSHED_WRITE_WAIT_MS = 2000;

/**
 * The newest log position pushed to sockets that this node knows of: its own pushes when it runs the
 * projections, else those it read from the shared rooms' Redis stream (in the order they were pushed). A
 * change is pushed before its documents are written, so whoever reads the read store after a push (a
 * socket subscribing from its last position, a page reading again on a push's cue) waits here until the
 * read models hold it. A position a client names counts only up to what was pushed: a made-up one waits
 * for nothing more.
 */
@Injectable()
export class PushedPositions {
  private newest = 0;
  private readonly byRoom = new SentPositions(MAX_ROOM_DOCUMENTS);

  constructor(
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  told(position: number): void {
    if (Number.isSafeInteger(position) && position > this.newest) this.newest = position;
  }

  /** Notes a push of a document to rooms (as named on this node's adapter: a preview or patch room stays one). */
  toldRooms(rooms: Iterable<string>, documentId: string, position: number): void {
    for (const room of rooms) this.byRoom.record(room, documentId, position);
  }

  /** Whether `room` was pushed a later state of the message's document than the message holds. */
  pushedNewer(room: string, message: RealtimeMessage<object>): boolean {
    return this.byRoom.sentNewer(message, room);
  }

  /** Resolves once the read models hold every change pushed so far (up to `seen`, when given), or after PUSHED_WRITE_WAIT_MS. */
  async written(seen = Number.MAX_SAFE_INTEGER): Promise<void> {
    await this.writtenUpTo(Math.min(seen, this.newest));
  }

  /** Resolves once the read models hold everything the log holds now, pushed or not, or after PUSHED_WRITE_WAIT_MS. */
  async logWritten(): Promise<void> {
    await this.writtenUpTo(await this.events.headPosition().catch(() => 0));
  }

  private async writtenUpTo(position: number): Promise<void> {
    if (position <= this.runner.position) return;
    // A store outage rejects at once: the read that follows answers it.
    await this.runner.waitForPosition(position, PUSHED_WRITE_WAIT_MS).catch(() => undefined);
  }
}
