import type { INestApplication } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Redis } from 'ioredis';

type IoServer = ReturnType<IoAdapter['createIOServer']>;

/**
 * Socket.IO rooms shared by every node through Redis streams: what one node emits to a room reaches the
 * sockets in that room on every node, and a server-side emit reaches the other nodes' gateways. Streams
 * (rather than pub/sub) let a node that lost Redis for a moment read on from where it was.
 */
class SharedRoomsIoAdapter extends IoAdapter {
  constructor(
    app: INestApplication,
    private readonly createRoomsAdapter: (nsp: unknown) => unknown,
  ) {
    super(app);
  }

  // Typed by the base class: Nest builds the server with its own copy of socket.io.
  override createIOServer(...args: Parameters<IoAdapter['createIOServer']>): IoServer {
    const server: IoServer = super.createIOServer(...args);
    server.adapter(this.createRoomsAdapter as never);
    return server;
  }
}

/** With REDIS_URL set, sockets of every node share rooms; the Redis connection closes with the app. */
export async function shareRoomsThroughRedis(app: INestApplication, redisUrl: string | undefined): Promise<void> {
  if (!redisUrl) return;
  const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-streams-adapter')]);
  const client: Redis = new Redis(redisUrl, { lazyConnect: true });
  client.on('error', () => undefined);
  await client.connect().catch(() => undefined);
  app.useWebSocketAdapter(new SharedRoomsIoAdapter(app, createAdapter(client, { onlyPlaintext: true })));
  const close = app.close.bind(app);
  app.close = async () => {
    await close();
    client.disconnect();
  };
}
