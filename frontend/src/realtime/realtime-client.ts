import { applyPatch } from './document-patch';
import type { RealtimeMessage, RealtimePatchMessage, RealtimeResync, RealtimeUpdate, SubscribeRequest, UnsubscribeRequest } from './realtime-message';

/** The part of a socket.io-client Socket this wrapper uses. */
export interface RealtimeSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: any[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type RealtimeListener = (message: RealtimeMessage) => void;

/** The last of a document received, which the next patch of it applies to. */
interface HeldDocument {
  position: number;
  document: object;
}

interface RoomSubscription {
  listeners: Set<RealtimeListener>;
  /** Told when the server would not replay what the room missed: their data is to be read again. */
  resyncListeners: Set<() => void>;
  lastPosition: number;
  documents: Map<string, HeldDocument>;
  /** Documents asked for again in full after a patch that did not apply to what was held. */
  resyncing: Set<string>;
}

/**
 * Follows rooms over one Socket.IO connection. Subscribing sends `{ room, lastPosition, patches }`; after
 * a reconnect every room is subscribed again from the last position seen, so the server replays only
 * what was missed. A document comes in full first, then as patches of the one before, which this client
 * applies: its listeners always receive whole documents.
 */
export class RealtimeClient {
  private socket: RealtimeSocket | null = null;
  private readonly rooms = new Map<string, RoomSubscription>();
  private newest = 0;

  constructor(private readonly createSocket: () => RealtimeSocket) {}

  /** The newest log position pushed to this client: reads sent after a push ask the server to reflect it. */
  get newestPosition(): number {
    return this.newest;
  }

  /**
   * Calls `onMessage` for each update in `room`, and `onResync` when more of it changed than the server
   * replays (the data shown is then to be read again); the returned function unsubscribes.
   */
  subscribe(room: string, onMessage: RealtimeListener, onResync?: () => void): () => void {
    const socket = this.connection();
    let subscription = this.rooms.get(room);
    if (!subscription) {
      subscription = { listeners: new Set(), resyncListeners: new Set(), lastPosition: 0, documents: new Map(), resyncing: new Set() };
      this.rooms.set(room, subscription);
      // While disconnected the `connect` handler sends it; emitting now too would send it twice.
      if (socket.connected) this.sendSubscribe(room, subscription);
    }
    subscription.listeners.add(onMessage);
    if (onResync) subscription.resyncListeners.add(onResync);
    return () => {
      if (onResync) this.rooms.get(room)?.resyncListeners.delete(onResync);
      this.remove(room, onMessage);
    };
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
    // Who connects may see another view of the same documents (the preview after signing out): patches
    // of that view must not be applied to what the last one held.
    for (const subscription of this.rooms.values()) subscription.documents.clear();
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
    socket.on('update', (update: RealtimeUpdate) => this.deliver(update));
    socket.on('resync', (resync: RealtimeResync) => this.resync(resync));
    // The server demoted the connection (sign-out elsewhere, token expired): a fresh handshake carries
    // the current token, if the user still has a session, and every room is followed again.
    socket.on('session_ended', () => this.reconnect());
    this.socket = socket;
    socket.connect();
    return socket;
  }

  private deliver(update: RealtimeUpdate): void {
    if (!update || typeof update.room !== 'string' || typeof update.position !== 'number' || typeof update.documentId !== 'string') return;
    const subscription = this.rooms.get(update.room);
    if (!subscription) return;
    const held = subscription.documents.get(update.documentId);
    // Several documents may change at one position, so only strictly older messages are stale; a patch
    // at the position held is one applied already.
    if (held && (update.position < held.position || ('patch' in update && update.position === held.position))) return;
    const message = 'patch' in update ? this.patched(subscription, update, held) : update;
    if (!message) return;
    if (message.document === null) subscription.documents.delete(message.documentId);
    else subscription.documents.set(message.documentId, { position: message.position, document: message.document });
    subscription.resyncing.delete(message.documentId);
    subscription.lastPosition = Math.max(subscription.lastPosition, message.position);
    this.newest = Math.max(this.newest, message.position);
    for (const listener of [...subscription.listeners]) listener(message);
  }

  /** The server replayed nothing: what was held may be stale, so the room's listeners read their data again. */
  private resync(resync: RealtimeResync): void {
    if (!resync || typeof resync.room !== 'string' || typeof resync.position !== 'number') return;
    const subscription = this.rooms.get(resync.room);
    if (!subscription) return;
    subscription.documents.clear();
    subscription.lastPosition = Math.max(subscription.lastPosition, resync.position);
    this.newest = Math.max(this.newest, resync.position);
    for (const listener of [...subscription.resyncListeners]) listener();
  }

  /**
   * The whole document a patch makes, when it applies to the one held: taken against it, or against an
   * earlier push the server made no other since. Otherwise the document is asked for again in full.
   */
  private patched(subscription: RoomSubscription, update: RealtimePatchMessage, held: HeldDocument | undefined): RealtimeMessage | null {
    const { patch, ...about } = update;
    if (!patch || typeof patch.since !== 'number') return null;
    if (held && held.position >= patch.since) return { ...about, document: applyPatch(held.document as Record<string, unknown>, patch) };
    if (!subscription.resyncing.has(update.documentId)) {
      subscription.resyncing.add(update.documentId);
      this.subscribeFrom(update.room, update.position - 1);
    }
    return null;
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
    this.subscribeFrom(room, subscription.lastPosition);
  }

  private subscribeFrom(room: string, lastPosition: number): void {
    this.socket?.emit('subscribe', { room, lastPosition, patches: true } satisfies SubscribeRequest);
  }
}
