import type { RealtimeSocket } from './realtime-client';

/**
 * A socket whose library loads when it is first asked to connect, not with the first page (socket.io-client
 * weighs about 13 kB gzip and home uses it only once a search runs). Listeners added before then are
 * attached to the real socket; nothing is emitted while not connected, as with a socket that is offline.
 */
export class DeferredSocket implements RealtimeSocket {
  private socket: RealtimeSocket | null = null;
  private loading: Promise<void> | null = null;
  private readonly pending: [string, (...args: any[]) => void][] = [];
  private wantsConnection = false;

  constructor(private readonly load: () => Promise<RealtimeSocket>) {}

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  on(event: string, listener: (...args: any[]) => void): this {
    if (this.socket) this.socket.on(event, listener);
    else this.pending.push([event, listener]);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.socket?.emit(event, ...args);
    return this;
  }

  connect(): this {
    if (this.socket) {
      this.socket.connect();
      return this;
    }
    this.wantsConnection = true;
    this.loading ??= this.load().then(
      (socket) => {
        for (const [event, listener] of this.pending.splice(0)) socket.on(event, listener);
        this.socket = socket;
        if (this.wantsConnection) socket.connect();
      },
      (error: unknown) => {
        // The next connect (a reconnect on sign-in, say) tries again; until then the pages poll.
        this.loading = null;
        console.error('The realtime connection could not be loaded', error);
      },
    );
    return this;
  }

  disconnect(): this {
    if (this.socket) this.socket.disconnect();
    else this.wantsConnection = false;
    return this;
  }
}
