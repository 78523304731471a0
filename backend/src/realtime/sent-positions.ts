import type { RealtimeMessage } from './realtime-message';

/** Documents remembered by default; past it the oldest is forgotten (and may be sent again from the store). */
const MAX_REMEMBERED = 500;

/**
 * The newest position of each document sent, per room: to one socket, as its outgoing packets show them,
 * or to whole rooms. A subscription's read of the store may be older than a push that reached the socket
 * first, and is then not sent back in time.
 */
export class SentPositions {
  private readonly newest = new Map<string, number>();

  constructor(private readonly maxRemembered = MAX_REMEMBERED) {}

  /** For `socket.onAnyOutgoing`: notes an update by the room it names. */
  readonly note = (event: string, message?: Partial<RealtimeMessage<object>>): void => {
    if (event !== 'update' || typeof message?.room !== 'string' || typeof message.documentId !== 'string' || typeof message.position !== 'number') return;
    this.record(message.room, message.documentId, message.position);
  };

  /** Notes that `room` was sent the document at `position`. */
  record(room: string, documentId: string, position: number): void {
    const key = keyOf(room, documentId);
    const known = this.newest.get(key);
    if (known !== undefined && known >= position) return;
    this.newest.delete(key);
    this.newest.set(key, position);
    if (this.newest.size > this.maxRemembered) this.newest.delete(this.newest.keys().next().value!);
  }

  /** Whether a later state of the message's document was sent in `room` (by default the room the message names). */
  sentNewer(message: RealtimeMessage<object>, room = message.room): boolean {
    return (this.newest.get(keyOf(room, message.documentId)) ?? 0) > message.position;
  }
}

const keyOf = (room: string, documentId: string) => `${room}\u0000${documentId}`;
