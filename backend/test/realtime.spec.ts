import type { Socket } from 'socket.io-client';
import { EmbeddedCollection } from '../src/infrastructure/read-store/embedded-collection';
import { REPLAY_LIMIT } from '../src/realtime/room-replay';
import { connect } from './socket-client';
import request from 'supertest';
import { type TestApp, newVisitor, startTestApp, urlOf } from './test-app';

interface Update {
  room: string;
  position: number;
  projection: string;
  document: Record<string, unknown> | null;
}

const visit = (anon_id: string) => ({ fingerprint: 'fp-realtime', screen_resolution: '1280x800', timezone: 'UTC', language: 'en', anon_id });

function nextUpdate(socket: Socket): Promise<Update> {
  return new Promise((resolve) => socket.once('update', resolve));
}

/** Holds the read store's writes of visitors until `open()`: they are applied and pushed, not written. */
function holdVisitorWrites(): { open: () => void; release: () => void } {
  const bulkWrite = EmbeddedCollection.prototype.bulkWrite;
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const writeSpy = jest.spyOn(EmbeddedCollection.prototype, 'bulkWrite').mockImplementation(async function (this: EmbeddedCollection, operations) {
    if (this.name.startsWith('anonymous_visitors')) await gate;
    return bulkWrite.call(this, operations);
  });
  return {
    open,
    release: () => {
      open();
      writeSpy.mockRestore();
    },
  };
}

describe('realtime gateway', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp();
    url = await urlOf(t.app);
  });
  afterAll(() => t.close());

  it('pushes a read-model change to its room as soon as it is applied, with the global position', async () => {
    const visitor = await newVisitor(t.app);
    const socket = await connect(url, { visitor });
    try {
      const ack = await socket.emitWithAck('subscribe', { room: `anonymous:${visitor.anonId}`, lastPosition: Number.MAX_SAFE_INTEGER });
      expect(ack).toMatchObject({ ok: true, replayed: 0 });
      const update = nextUpdate(socket);
      await visitor.post('/api/analytics/track-user/', visit(visitor.anonId));
      const message = await update;
      expect(message).toMatchObject({ room: `anonymous:${visitor.anonId}`, projection: 'anonymous_visitors' });
      expect(message.document).toMatchObject({ anonId: visitor.anonId, visitCount: 2 });
      expect(message.document).not.toHaveProperty('_position');
      expect(message.position).toBeGreaterThan(0);
    } finally {
      socket.close();
    }
  });

  it('tells a subscriber to read its data again, replaying nothing, when more changed than it replays', async () => {
    const visitor = await newVisitor(t.app);
    const socket = await connect(url, { visitor });
    const room = `anonymous:${visitor.anonId}`;
    // The room's read of what it missed finds more documents than are replayed.
    const find = EmbeddedCollection.prototype.find;
    const replay = jest.spyOn(EmbeddedCollection.prototype, 'find').mockImplementation(function (this: EmbeddedCollection, filter, options) {
      if ((filter as { _rooms?: unknown } | undefined)?._rooms !== room) return find.call(this, filter, options);
      return Promise.resolve(Array.from({ length: REPLAY_LIMIT + 1 }, (_, i) => ({ _id: `doc_${i}`, _rooms: [room], _position: i + 1 })));
    });
    try {
      const updates: Update[] = [];
      socket.on('update', (update: Update) => updates.push(update));
      const resync = new Promise<{ room: string; position: number }>((resolve) => socket.once('resync', resolve));
      const ack = await socket.emitWithAck('subscribe', { room, lastPosition: 0 });
      expect(ack).toMatchObject({ ok: true, room, replayed: 0, resync: true });
      expect(await resync).toEqual({ room, position: ack.position });
      expect(updates).toEqual([]);
      // The room is followed from there on.
      const next = nextUpdate(socket);
      await visitor.post('/api/analytics/track-user/', visit(visitor.anonId));
      expect((await next).position).toBeGreaterThan(ack.position);
    } finally {
      replay.mockRestore();
      socket.close();
    }
  });

  it('sends a reconnecting client what it missed since its last position, and nothing it already has', async () => {
    const visitor = await newVisitor(t.app);
    let socket = await connect(url, { visitor });
    const room = `anonymous:${visitor.anonId}`;
    const first = nextUpdate(socket);
    await socket.emitWithAck('subscribe', { room, lastPosition: 0 });
    const seen = (await first).position;
    socket.close();

    await visitor.post('/api/analytics/track-user/', visit(visitor.anonId));
    await visitor.post('/api/analytics/track-user/', visit(visitor.anonId));

    socket = await connect(url, { visitor });
    try {
      const missed = nextUpdate(socket);
      const ack = await socket.emitWithAck('subscribe', { room, lastPosition: seen });
      expect(ack.replayed).toBe(1);
      const message = await missed;
      expect(message.position).toBeGreaterThan(seen);
      expect(message.document).toMatchObject({ visitCount: 3 });

      const again = await socket.emitWithAck('subscribe', { room, lastPosition: message.position });
      expect(again.replayed).toBe(0);
    } finally {
      socket.close();
    }
  });

  it('holds a subscription, and a read naming the position pushed, until what was pushed before them is written', async () => {
    const visitor = await newVisitor(t.app);
    const room = `anonymous:${visitor.anonId}`;
    const watcher = await connect(url, { visitor });
    const late = await connect(url, { visitor });
    const { open, release } = holdVisitorWrites();
    try {
      const { position: before } = await watcher.emitWithAck('subscribe', { room, lastPosition: Number.MAX_SAFE_INTEGER });
      const pushed = nextUpdate(watcher);
      void visitor.post('/api/analytics/track-user/', visit(visitor.anonId)).then(() => undefined);
      const message = await pushed;
      expect(message.document).toMatchObject({ visitCount: 2 });

      // Pushed, not written: a socket subscribing from before it gets it once it is written, not nothing.
      let answered = false;
      const subscribed = late.emitWithAck('subscribe', { room, lastPosition: before }).then((ack) => ((answered = true), ack));
      const read = request(url).get('/api/health').set('X-Seen-Position', String(message.position));
      let read_answered = false;
      const reading = read.then((res) => ((read_answered = true), res));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      expect(read_answered).toBe(false);
      const missed = nextUpdate(late);
      open();
      expect(await subscribed).toMatchObject({ ok: true, replayed: 1 });
      expect(await missed).toMatchObject({ position: message.position, document: { visitCount: 2 } });
      expect((await reading).status).toBe(200);

      // A position past anything pushed waits for nothing; one that is not a number is refused, naming the header.
      const started = Date.now();
      expect((await request(url).get('/api/health').set('X-Seen-Position', '999999999999')).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
      const refused = await request(url).get('/api/health').set('X-Seen-Position', '12abc');
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'bad_request', detail: expect.stringContaining('X-Seen-Position') });
    } finally {
      release();
      watcher.close();
      late.close();
    }
  });

  it('never sends a subscriber a stored state older than one already pushed to it', async () => {
    const visitor = await newVisitor(t.app);
    const room = `anonymous:${visitor.anonId}`;
    const socket = await connect(url, { visitor });
    const { release } = holdVisitorWrites();
    try {
      await socket.emitWithAck('subscribe', { room, lastPosition: Number.MAX_SAFE_INTEGER });
      const pushed = nextUpdate(socket);
      void visitor.post('/api/analytics/track-user/', visit(visitor.anonId)).then(() => undefined);
      expect((await pushed).document).toMatchObject({ visitCount: 2 });
      // The write stays held past the subscription's wait: the store still has the first visit only.
      const again = await socket.emitWithAck('subscribe', { room, lastPosition: 0 });
      expect(again).toMatchObject({ ok: true, replayed: 0 });
    } finally {
      release();
      socket.close();
    }
  });

  it('refuses rooms the client may not follow, and a visitor’s room to anyone who only knows its id', async () => {
    const victim = await newVisitor(t.app);
    const socket = await connect(url, { anonId: victim.anonId });
    try {
      expect((await socket.emitWithAck('subscribe', { room: `anonymous:${victim.anonId}` })).ok).toBe(false);
      const user = await socket.emitWithAck('subscribe', { room: 'user:user_11111111-1234-4abc-8def-0123456789ab' });
      expect(user.ok).toBe(false);
      const junk = await socket.emitWithAck('subscribe', { room: { $gt: '' } });
      expect(junk.ok).toBe(false);
      const call = await socket.emitWithAck('subscribe', { room: 'call:call_11111111-1234-4abc-8def-0123456789ab' });
      expect(call.ok).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('accepts the same origins as the REST API', async () => {
    const own = new URL(url);
    const same = await connect(url, { origin: `http://${own.host}` });
    same.close();
    await expect(connect(url, { origin: 'https://evil.example' })).rejects.toThrow();
  });
});
