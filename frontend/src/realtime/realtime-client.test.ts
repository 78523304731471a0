// @vitest-environment node
import type { AddressInfo } from 'node:net';
import { createServer, type Server as HttpServer } from 'node:http';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RealtimeClient } from './realtime-client';
import type { RealtimeMessage, RealtimeUpdate, SubscribeRequest } from './realtime-message';

/** A real Socket.IO server speaking the product's protocol, recording what clients send. */
class ProtocolServer {
  readonly subscribes: SubscribeRequest[] = [];
  readonly unsubscribes: unknown[] = [];
  readonly sockets: ServerSocket[] = [];
  readonly http: HttpServer = createServer();
  readonly io = new Server(this.http, { path: '/socket.io' });

  constructor() {
    this.io.on('connection', (socket) => {
      this.sockets.push(socket);
      socket.on('subscribe', async (body: SubscribeRequest) => {
        this.subscribes.push(body);
        await socket.join(body.room);
      });
      socket.on('unsubscribe', async (body: { room: string }) => {
        this.unsubscribes.push(body);
        await socket.leave(body.room);
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.http.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.http.address() as AddressInfo).port}`;
  }

  publish(message: RealtimeUpdate): void {
    this.io.to(message.room).emit('update', message);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.io.close(() => resolve()));
  }
}

async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const ROOM = 'call:call_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
const update = (position: number, status: string): RealtimeMessage => ({
  room: ROOM,
  position,
  projection: 'calls',
  documentId: 'call_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
  document: { status },
});

describe('RealtimeClient against a Socket.IO server', () => {
  let server: ProtocolServer;
  let client: RealtimeClient;
  let url: string;

  beforeEach(async () => {
    server = new ProtocolServer();
    url = await server.listen();
    client = new RealtimeClient(() =>
      connect(url, { path: '/socket.io', autoConnect: false, transports: ['websocket'], reconnectionDelay: 20, reconnectionDelayMax: 50 }),
    );
  });

  afterEach(async () => {
    client.close();
    await server.close();
  });

  it('subscribes with { room, lastPosition, patches } and delivers updates for that room', async () => {
    const received: RealtimeMessage[] = [];
    client.subscribe(ROOM, (message) => received.push(message));
    await until(() => server.subscribes.length === 1);
    expect(server.subscribes[0]).toEqual({ room: ROOM, lastPosition: 0, patches: true });

    server.publish(update(7, 'in_progress'));
    server.publish({ ...update(8, 'other'), room: 'call:call_00000000-0000-4000-8000-000000000000' });
    await until(() => received.length === 1);

    expect(received[0]).toEqual(update(7, 'in_progress'));
    expect(client.lastPosition(ROOM)).toBe(7);
    // Only what reached a room it follows counts as seen.
    expect(client.newestPosition).toBe(7);
  });

  it('tells the room’s listeners to read their data again when the server will not replay it, and follows on from its position', async () => {
    const resyncs: string[] = [];
    const received: RealtimeMessage[] = [];
    client.subscribe(ROOM, (message) => received.push(message), () => resyncs.push('first'));
    client.subscribe(ROOM, () => {}, () => resyncs.push('second'));
    await until(() => server.subscribes.length === 1);

    server.sockets[0].emit('resync', { room: 'call:call_00000000-0000-4000-8000-000000000000', position: 90 });
    server.sockets[0].emit('resync', { room: ROOM, position: 40 });
    await until(() => resyncs.length === 2);
    expect(resyncs).toEqual(['first', 'second']);
    expect(client.lastPosition(ROOM)).toBe(40);

    server.sockets[0].conn.close();
    await until(() => server.subscribes.length === 2);
    expect(server.subscribes[1]).toEqual({ room: ROOM, lastPosition: 40, patches: true });
    expect(received).toEqual([]);
  });

  it('re-subscribes after a reconnect with the last position it saw', async () => {
    const received: RealtimeMessage[] = [];
    client.subscribe(ROOM, (message) => received.push(message));
    await until(() => server.subscribes.length === 1);
    server.publish(update(12, 'in_progress'));
    await until(() => received.length === 1);

    server.sockets[0].conn.close();

    await until(() => server.subscribes.length === 2);
    expect(server.subscribes[1]).toEqual({ room: ROOM, lastPosition: 12, patches: true });
    server.publish(update(15, 'completed'));
    await until(() => received.length === 2);
    expect(received[1].document).toEqual({ status: 'completed' });
  });

  it('opens a fresh connection on reconnect() and follows every room again from its last position', async () => {
    const received: RealtimeMessage[] = [];
    client.subscribe(ROOM, (message) => received.push(message));
    await until(() => server.subscribes.length === 1);
    server.publish(update(21, 'in_progress'));
    await until(() => received.length === 1);

    client.reconnect();

    await until(() => server.subscribes.length === 2);
    expect(server.subscribes[1]).toEqual({ room: ROOM, lastPosition: 21, patches: true });
  });

  it('opens a fresh handshake when the server ends the session of the connection', async () => {
    client.subscribe(ROOM, () => {});
    await until(() => server.subscribes.length === 1);

    server.sockets[0].emit('session_ended', { reason: 'signed_out' });

    await until(() => server.sockets.length === 2 && server.subscribes.length === 2);
    expect(server.subscribes[1]).toEqual({ room: ROOM, lastPosition: 0, patches: true });
  });

  it('ignores messages older than the last position seen', async () => {
    const received: number[] = [];
    client.subscribe(ROOM, (message) => received.push(message.position));
    await until(() => server.subscribes.length === 1);

    server.publish(update(20, 'in_progress'));
    server.publish(update(18, 'queued'));
    server.publish(update(20, 'in_progress'));
    server.publish(update(21, 'completed'));
    await until(() => received.includes(21));

    expect(received).toEqual([20, 20, 21]);
  });

  it('applies each patch to the document it holds and hands its listeners whole documents', async () => {
    const received: RealtimeMessage[] = [];
    client.subscribe(ROOM, (message) => received.push(message));
    await until(() => server.subscribes.length === 1);
    const about = { room: ROOM, projection: 'calls', documentId: update(0, '').documentId };
    server.publish({ ...about, position: 30, document: { status: 'answered', transcript: ['Hello'], report: null } });
    server.publish({ ...about, position: 32, patch: { since: 30, append: { transcript: ['Hi there'] } } });
    server.publish({ ...about, position: 32, patch: { since: 30, append: { transcript: ['Hi there'] } } });
    server.publish({
      ...about,
      position: 35,
      patch: { since: 32, set: { status: 'completed', report: { score: 9 } }, unset: ['transcript'] },
    });
    await until(() => received.length === 3);

    expect(received.map((message) => [message.position, message.document])).toEqual([
      [30, { status: 'answered', transcript: ['Hello'], report: null }],
      [32, { status: 'answered', transcript: ['Hello', 'Hi there'], report: null }],
      [35, { status: 'completed', report: { score: 9 } }],
    ]);
  });

  it('asks again, once, for a document whose patch does not apply to what it holds, and applies none meanwhile', async () => {
    const received: RealtimeMessage[] = [];
    client.subscribe(ROOM, (message) => received.push(message));
    await until(() => server.subscribes.length === 1);
    const about = { room: ROOM, projection: 'calls', documentId: update(0, '').documentId };
    server.publish({ ...about, position: 40, document: { status: 'ringing', ring_count: 1 } });
    // The push at 41 never arrived.
    server.publish({ ...about, position: 44, patch: { since: 41, set: { ring_count: 3 } } });
    server.publish({ ...about, position: 45, patch: { since: 44, set: { status: 'answered' } } });
    await until(() => server.subscribes.length === 2);
    expect(server.subscribes[1]).toEqual({ room: ROOM, lastPosition: 43, patches: true });

    server.publish({ ...about, position: 45, document: { status: 'answered', ring_count: 3 } });
    server.publish({ ...about, position: 47, patch: { since: 45, set: { status: 'completed' } } });
    await until(() => received.length === 3);
    expect(received.map((message) => [message.position, message.document])).toEqual([
      [40, { status: 'ringing', ring_count: 1 }],
      [45, { status: 'answered', ring_count: 3 }],
      [47, { status: 'completed', ring_count: 3 }],
    ]);
    expect(server.subscribes).toHaveLength(2);
  });

  it('forgets the documents it held when it connects again as someone else, so no patch of another view applies to them', async () => {
    const received: RealtimeMessage[] = [];
    client.subscribe(ROOM, (message) => received.push(message));
    await until(() => server.subscribes.length === 1);
    const about = { room: ROOM, projection: 'calls', documentId: update(0, '').documentId };
    server.publish({ ...about, position: 50, document: { access: 'full', status: 'answered', transcript: ['Hello'] } });
    await until(() => received.length === 1);

    client.reconnect();
    await until(() => server.subscribes.length === 2);
    server.publish({ ...about, position: 52, patch: { since: 50, set: { status: 'completed' } } });
    await until(() => server.subscribes.length === 3);
    expect(server.subscribes[2]).toEqual({ room: ROOM, lastPosition: 51, patches: true });
    expect(received).toHaveLength(1);
  });

  it('sends one subscribe per room and unsubscribes when the last listener leaves', async () => {
    const stopFirst = client.subscribe(ROOM, () => undefined);
    const stopSecond = client.subscribe(ROOM, () => undefined);
    await until(() => server.subscribes.length === 1);

    stopFirst();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.unsubscribes).toEqual([]);

    stopSecond();
    await until(() => server.unsubscribes.length === 1);
    expect(server.unsubscribes[0]).toEqual({ room: ROOM });
    expect(server.subscribes).toHaveLength(1);
    expect(client.activeRooms()).toEqual([]);
  });
});
