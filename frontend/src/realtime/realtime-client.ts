import type { RealtimeMessage, SubscribeRequest, UnsubscribeRequest } from './realtime-message';

/** The part of a socket.io-client Socket this wrapper uses. */
export interface RealtimeSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: any[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type RealtimeListener = (message: RealtimeMessage) => void;

interface RoomSubscription {
  listeners: Set<RealtimeListener>;
  lastPosition: number;
}

/**
 * Follows rooms over one Socket.IO connection. Subscribing sends `{ room, lastPosition }`; after a
 * reconnect every room is subscribed again from the last position seen, so the server replays
 * only what was missed.
 */
export class RealtimeClient {
  private socket: RealtimeSocket | null = null;
  private readonly rooms = new Map<string, RoomSubscription>();

  constructor(private readonly createSocket: () => RealtimeSocket) {}

  /** Calls `onMessage` for each update in `room`; the returned function unsubscribes. */
  subscribe(room: string, onMessage: RealtimeListener): () => void {
    const socket = this.connection();
    let subscription = this.rooms.get(room);
    if (!subscription) {
      subscription = { listeners: new Set(), lastPosition: 0 };
      this.rooms.set(room, subscription);
      // While disconnected the `connect` handler sends it; emitting now too would send it twice.
      if (socket.connected) this.sendSubscribe(room, subscription);
    }
    subscription.listeners.add(onMessage);
    return () => this.remove(room, onMessage);
  }

  lastPosition(room: string): number | undefined {
    return this.rooms.get(room)?.lastPosition;
  }

  /** Rooms currently followed. */
  activeRooms(): string[] {
    return [...this.rooms.keys()];
  }

  /**
   * Opens a fresh connection (a new handshake with the current token and anonymous id); every room is
   * followed again from its last position. Used when the user signs in or out, or their data changes
   * hands, since the server decides at subscribe time what a connection may see.
   */
  reconnect(): void {
    if (!this.socket) return;
    this.socket.disconnect();
    this.socket.connect();
  }

  close(): void {
    this.rooms.clear();
    this.socket?.disconnect();
    this.socket = null;
  }

  private connection(): RealtimeSocket {
    if (this.socket) return this.socket;
    const socket = this.createSocket();
    socket.on('connect', () => {
      for (const [room, subscription] of this.rooms) this.sendSubscribe(room, subscription);
    });
    socket.on('update', (message: RealtimeMessage) => this.deliver(message));
    // The server demoted the connection (sign-out elsewhere, token expired): a fresh handshake carries
    // the current token, if the user still has a session, and every room is followed again.
    socket.on('session_ended', () => this.reconnect());
    this.socket = socket;
    socket.connect();
    return socket;
  }

  private deliver(message: RealtimeMessage): void {
    if (!message || typeof message.room !== 'string' || typeof message.position !== 'number') return;
    const subscription = this.rooms.get(message.room);
    if (!subscription) return;
    // Several documents may change at one position, so only strictly older messages are stale.
    if (message.position < subscription.lastPosition) return;
    subscription.lastPosition = message.position;
    for (const listener of [...subscription.listeners]) listener(message);
  }

  private remove(room: string, listener: RealtimeListener): void {
    const subscription = this.rooms.get(room);
    if (!subscription) return;
    subscription.listeners.delete(listener);
    if (subscription.listeners.size > 0) return;
    this.rooms.delete(room);
    if (this.socket?.connected) this.socket.emit('unsubscribe', { room } satisfies UnsubscribeRequest);
  }

  private sendSubscribe(room: string, subscription: RoomSubscription): void {
    this.socket?.emit('subscribe', { room, lastPosition: subscription.lastPosition } satisfies SubscribeRequest);
  }
}
