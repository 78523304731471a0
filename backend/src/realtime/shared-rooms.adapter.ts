import type { INestApplication } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Redis } from 'ioredis';

type IoServer = ReturnType<IoAdapter['createIOServer']>;
type ServerOptions = Parameters<IoAdapter['createIOServer']>[1];

/**
 * Socket.IO's connection-state recovery: a socket whose connection dropped gets its rooms back, on any
 * node, with what was pushed to them meanwhile (read back from the Redis stream). The handshake runs
 * again, so the gateway checks the rooms handed back against who connects now. Past the window, or when
 * refused, the client subscribes again from its last position. A single node goes without: it would keep
 * every push in memory for the window, and resuming by position gives the same.
 */
const RECOVERY = { maxDisconnectionDuration: 60_000, skipMiddlewares: false };

/**
 * Socket.IO rooms shared by every node through Redis streams: what one node emits to a room reaches the
 * sockets in that room on every node, and a server-side emit reaches the other nodes' gateways. Streams
 * (rather than pub/sub) let a node that lost Redis for a moment read on from where it was.
 */
class SharedRoomsIoAdapter extends IoAdapter {
  constructor(
    app: INestApplication,
    private readonly client: Redis,
    private readonly createRoomsAdapter: (nsp: unknown) => unknown,
  ) {
    super(app);
  }

  // Typed by the base class: Nest builds the server with its own copy of socket.io.
  override createIOServer(port: number, options?: ServerOptions): IoServer {
    const server: IoServer = super.createIOServer(port, { ...options, connectionStateRecovery: RECOVERY } as ServerOptions);
    server.adapter(this.createRoomsAdapter as never);
    return server;
  }

  /** The rooms' own Redis connections close with the server; the one given to them closes here. */
  override async dispose(): Promise<void> {
    await super.dispose();
    this.client.disconnect();
  }
}

/** socket.io-adapter's `MessageType.BROADCAST`: a packet another node emitted to rooms. */
const BROADCAST = 3;

/** What the rooms adapter reads from the stream, as far as an `update` goes. */
interface StreamMessage {
  type?: unknown;
  data?: { packet?: { data?: unknown[] }; opts?: { rooms?: unknown } };
}

/** An update another node pushed: its log position, its document and the rooms it went to. */
export interface RemoteUpdate {
  position: number;
  documentId: string;
  rooms: string[];
}

/** The update another node broadcast, if the message is one. */
export function remoteUpdateOf(message: StreamMessage): RemoteUpdate | null {
  if (message?.type !== BROADCAST) return null;
  const [event, update] = message.data?.packet?.data ?? [];
  const { position, documentId } = (update ?? {}) as { position?: unknown; documentId?: unknown };
  if (event !== 'update' || typeof position !== 'number') return null;
  const rooms = message.data?.opts?.rooms;
  return {
    position,
    documentId: typeof documentId === 'string' ? documentId : '',
    rooms: Array.isArray(rooms) ? rooms.filter((room): room is string => typeof room === 'string') : [],
  };
}

/** Lets `onUpdate` see every update the adapter reads from the stream, before it reaches the sockets. */
function observingUpdates(createRoomsAdapter: (nsp: unknown) => unknown, onUpdate: (update: RemoteUpdate) => void) {
  // Socket.IO builds the adapter with `new`: a plain function that returns the instance, as the factory's own.
  return function roomsAdapter(nsp: unknown) {
    const adapter = createRoomsAdapter(nsp) as { onMessage(message: StreamMessage, offset?: string): unknown };
    const onMessage = adapter.onMessage.bind(adapter);
    adapter.onMessage = (message, offset) => {
      const update = remoteUpdateOf(message);
      if (update !== null) onUpdate(update);
      return onMessage(message, offset);
    };
    return adapter;
  };
}

/**
 * With REDIS_URL set, sockets of every node share rooms; the Redis connections close with the app.
 * `onUpdate` hears each update pushed by another node, in the order they were pushed.
 */
export async function shareRoomsThroughRedis(app: INestApplication, redisUrl: string | undefined, onUpdate: (update: RemoteUpdate) => void): Promise<void> {
  if (!redisUrl) return;
  const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-streams-adapter')]);
  const client: Redis = new Redis(redisUrl, { lazyConnect: true, connectionName: 'ringcheck-rooms' });
  client.on('error', () => undefined);
  await client.connect().catch(() => undefined);
  // A short block lets the stream reader end soon after the server closes.
  const rooms = createAdapter(client, { onlyPlaintext: true, blockTimeInMs: 1_000 });
  app.useWebSocketAdapter(new SharedRoomsIoAdapter(app, client, observingUpdates(rooms, onUpdate)));
}
