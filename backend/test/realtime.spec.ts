import { io, type Socket } from 'socket.io-client';
import { type TestApp, startTestApp, urlOf } from './test-app';

interface Update {
  room: string;
  position: number;
  projection: string;
  document: Record<string, unknown> | null;
}

const visit = (fingerprint: string, anon_id?: string) => ({
  fingerprint,
  screen_resolution: '1280x800',
  timezone: 'UTC',
  language: 'en',
  ...(anon_id ? { anon_id } : {}),
});

function connect(url: string, anonId: string): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { anonId }, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

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

  const track = (body: object) => t.agent.post('/api/analytics/track-user/').set('X-CSRFToken', t.csrf).send(body);

  it('pushes a read-model change to its room after the read model holds it, with the global position', async () => {
    const { body } = await track(visit('fp-realtime-one'));
    const socket = await connect(url, body.anon_id);
    try {
      const ack = await socket.emitWithAck('subscribe', { room: `anonymous:${body.anon_id}`, lastPosition: Number.MAX_SAFE_INTEGER });
      expect(ack).toMatchObject({ ok: true, replayed: 0 });
      const update = nextUpdate(socket);
      await track(visit('fp-realtime-one', body.anon_id));
      const message = await update;
      expect(message).toMatchObject({ room: `anonymous:${body.anon_id}`, projection: 'anonymous_visitors' });
      expect(message.document).toMatchObject({ anonId: body.anon_id, visitCount: 2 });
      expect(message.document).not.toHaveProperty('_position');
      expect(message.position).toBeGreaterThan(0);
    } finally {
      socket.close();
    }
  });

  it('sends a reconnecting client what it missed since its last position, and nothing it already has', async () => {
    const { body } = await track(visit('fp-realtime-two'));
    let socket = await connect(url, body.anon_id);
    const room = `anonymous:${body.anon_id}`;
    const first = nextUpdate(socket);
    await socket.emitWithAck('subscribe', { room, lastPosition: 0 });
    const seen = (await first).position;
    socket.close();

    await track(visit('fp-realtime-two', body.anon_id));
    await track(visit('fp-realtime-two', body.anon_id));

    socket = await connect(url, body.anon_id);
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

  it('refuses rooms the client may not follow', async () => {
    const socket = await connect(url, 'anon_0b6c9f3e-1234-4abc-8def-0123456789ab');
    try {
      const other = await socket.emitWithAck('subscribe', { room: 'anonymous:anon_11111111-1234-4abc-8def-0123456789ab' });
      expect(other.ok).toBe(false);
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
});
