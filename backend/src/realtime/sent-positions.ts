import type { RealtimeMessage } from './realtime-message';

/** Documents remembered per socket; past it the oldest is forgotten (and may be sent again from the store). */
const MAX_REMEMBERED = 500;

/**
 * The newest position of each document sent to one socket, per room, as its outgoing packets show them:
 * a subscription's read of the store may be older than a push that reached the socket first, and is then
 * not sent back in time.
 */
export class SentPositions {
  private readonly newest = new Map<string, number>();

  /** For `socket.onAnyOutgoing`. */
  readonly note = (event: string, message?: Partial<RealtimeMessage<object>>): void => {
    if (event !== 'update' || typeof message?.room !== 'string' || typeof message.documentId !== 'string' || typeof message.position !== 'number') return;
    const key = keyOf(message.room, message.documentId);
    const known = this.newest.get(key);
    if (known !== undefined && known >= message.position) return;
    this.newest.delete(key);
    this.newest.set(key, message.position);
    if (this.newest.size > MAX_REMEMBERED) this.newest.delete(this.newest.keys().next().value!);
  };

  /** Whether the socket was sent a later state of the message's document in the message's room. */
  sentNewer(message: RealtimeMessage<object>): boolean {
    return (this.newest.get(keyOf(message.room, message.documentId)) ?? 0) > message.position;
  }
}

const keyOf = (room: string, documentId: string) => `${room}\u0000${documentId}`;
