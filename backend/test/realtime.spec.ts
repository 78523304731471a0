import type { Socket } from 'socket.io-client';
import { connect } from './socket-client';
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

describe('realtime gateway', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp();
    url = await urlOf(t.app);
  });
  afterAll(() => t.close());

  it('pushes a read-model change to its room after the read model holds it, with the global position', async () => {
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
