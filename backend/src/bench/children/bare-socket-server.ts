import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

/**
 * The floor of the live-push benchmark: a bare Socket.IO server (no projections, no authorization) in a
 * process of its own, that the same follower processes connect to. A follower with a token joins a
 * call's full room, one without its preview room, as on the product. `replay` sends the pushes given,
 * each to its room at its moment from the start (catching up rather than drifting), with a body of its
 * size, and answers the moment each was due.
 */

/** One push to replay: ms from the start, the call, whether to the full room, its position, its JSON size. */
export type ReplayedPush = [atMs: number, callId: string, full: boolean, position: number, bytes: number];

export type ToBareServer = { type: 'replay'; pushes: ReplayedPush[] } | { type: 'close' };

export type FromBareServer = { type: 'listening'; url: string } | { type: 'replayed'; dueAt: [position: number, full: boolean, at: number][] };

const send = (message: FromBareServer) => process.send!(message);

const http = createServer();
const io = new Server(http, { path: '/socket.io', serveClient: false });

io.on('connection', (socket) => {
  const full = typeof socket.handshake.auth?.token === 'string';
  socket.on('subscribe', (body: { room?: unknown }, ack: (answer: object) => void) => {
    if (typeof body?.room !== 'string') return ack({ ok: false, error: 'room' });
    void socket.join(full ? body.room : `${body.room}#preview`);
    ack({ ok: true, room: body.room, position: 0 });
  });
});

async function replay(pushes: ReplayedPush[]): Promise<void> {
  const dueAt: [number, boolean, number][] = [];
  const start = performance.now();
  for (const [atMs, callId, full, position, bytes] of [...pushes].sort((a, b) => a[0] - b[0])) {
    const wait = start + atMs - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const room = `call:${callId}`;
    // The body's JSON is about `bytes` long, as the product's push at this position was.
    const message = { room, position, projection: 'calls', documentId: callId, document: { status: 'bare', pad: 'x'.repeat(Math.max(0, bytes - 120)) } };
    // Its delay counts from its moment, as the product's counts from its event: a push that waits behind
    // the writes of pushes due at the same time waits here too.
    dueAt.push([position, full, performance.timeOrigin + start + atMs]);
    io.to(full ? room : `${room}#preview`).emit('update', message);
  }
  send({ type: 'replayed', dueAt });
}

process.on('message', (message: ToBareServer) => {
  if (message.type === 'replay') void replay(message.pushes);
  else {
    void io.close();
    process.disconnect();
  }
});

http.listen(0, '127.0.0.1', () => send({ type: 'listening', url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` }));
