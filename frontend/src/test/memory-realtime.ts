import { RealtimeClient, type RealtimeSocket } from '../realtime/realtime-client';
import type { RealtimeMessage, RealtimeResync, SubscribeRequest, UnsubscribeRequest } from '../realtime/realtime-message';

type Handler = (...args: any[]) => void;

/** A socket connected in memory to a MemoryRealtimeServer: the Socket.IO transport without a network. */
class MemorySocket implements RealtimeSocket {
  connected = false;
  readonly rooms = new Set<string>();
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(private readonly server: MemoryRealtimeServer) {}

  on(event: string, listener: Handler): this {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(listener);
    this.handlers.set(event, set);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    if (!this.connected) return this;
    if (event === 'subscribe') {
      const request = args[0] as SubscribeRequest;
      this.server.subscribes.push(request);
      this.rooms.add(request.room);
    } else if (event === 'unsubscribe') {
      const request = args[0] as UnsubscribeRequest;
      this.server.unsubscribes.push(request);
      this.rooms.delete(request.room);
    }
    return this;
  }

  connect(): this {
    if (this.connected) return this;
    this.connected = this.server.online;
    if (this.connected) this.fire('connect');
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.rooms.clear();
    return this;
  }

  fire(event: string, ...args: unknown[]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
}

/** The server side of in-memory realtime: records subscriptions and publishes updates to rooms. */
export class MemoryRealtimeServer {
  readonly subscribes: SubscribeRequest[] = [];
  readonly unsubscribes: UnsubscribeRequest[] = [];
  private readonly sockets: MemorySocket[] = [];
  /** When false, sockets never connect (realtime unavailable). */
  online = true;

  createClient(): RealtimeClient {
    return new RealtimeClient(() => {
      const socket = new MemorySocket(this);
      this.sockets.push(socket);
      return socket;
    });
  }

  /** Rooms some connected socket currently follows. */
  followedRooms(): string[] {
    return [...new Set(this.sockets.filter((socket) => socket.connected).flatMap((socket) => [...socket.rooms]))];
  }

  publish(message: RealtimeMessage): void {
    for (const socket of this.sockets) {
      if (socket.connected && socket.rooms.has(message.room)) socket.fire('update', message);
    }
  }

  /** Tells the room's followers that more changed than is replayed: their data is to be read again. */
  resync(resync: RealtimeResync): void {
    for (const socket of this.sockets) {
      if (socket.connected && socket.rooms.has(resync.room)) socket.fire('resync', resync);
    }
  }
}
