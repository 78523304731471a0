import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { eventually } from './eventually';
import { connect } from './socket-client';
import { type TestApp, type TestVisitor, newVisitor, signUpIn, startTestApp, urlOf } from './test-app';

interface Update {
  room: string;
  position: number;
  document: Record<string, unknown> | null;
}

const FAST = {
  SANDBOX_TIME_SCALE: '0.05',
  SANDBOX_RECORDING_SPEECH: 'off',
  RATE_LIMIT_PER_MINUTE: '100000',
};
const visit = (anon_id: string) => ({
  fingerprint: 'fp-recovery',
  screen_resolution: '1280x800',
  timezone: 'UTC',
  language: 'en',
  anon_id,
});

function following(socket: Socket): Update[] {
  const updates: Update[] = [];
  socket.on('update', (update: Update) => updates.push(update));
  return updates;
}

/** Cuts the connection as a network would: the server keeps the socket's state for it to recover. */
async function cut(socket: Socket): Promise<void> {
  const gone = new Promise((resolve) => socket.once('disconnect', resolve));
  socket.io.engine.close();
  await gone;
}

/** Opens the cut connection again, to another node when `url` is given, with the handshake `auth` when given. */
async function reopen(socket: Socket, options: { url?: string; auth?: Record<string, unknown> } = {}): Promise<void> {
  if (options.url) (socket.io as unknown as { uri: string }).uri = options.url;
  if (options.auth) socket.auth = options.auth;
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.connect();
  await opened;
}

const visitTwice = async (visitor: TestVisitor) => {
  await visitor.post('/api/analytics/track-user/', visit(visitor.anonId));
  await visitor.post('/api/analytics/track-user/', visit(visitor.anonId));
};

/**
 * A visitor follows its own room on `from`, the connection drops, two visits happen meanwhile, and it
 * reopens on `to`: the socket is the same one, gets both missed updates without subscribing again,
 * and goes on following the room.
 */
async function recoversAfterDrop(from: TestApp, to: TestApp): Promise<void> {
  const visitor = await newVisitor(from.app);
  // The visitor's first visit is pushed too: applied before the subscription (with shared rooms its push
  // leaves once Redis has it, and may find the socket in the room by then), or after it. Only what the
  // subscription's position does not cover counts here, and that position is taken once the visit is applied.
  await eventually('the first visit applied', async () => (await visitor.get('/api/health')).body.projections?.lag === 0);
  const socket = await connect(await urlOf(from.app), { visitor });
  try {
    const received = following(socket);
    const { position } = await socket.emitWithAck('subscribe', { room: `anonymous:${visitor.anonId}`, lastPosition: Number.MAX_SAFE_INTEGER });
    const updates = () => received.filter((update) => update.position > position);
    await visitor.post('/api/analytics/track-user/', visit(visitor.anonId));
    await eventually('the first update', () => updates().length === 1);
    const id = socket.id;

    await cut(socket);
    await visitTwice(visitor);
    // Let the read model take both visits before the socket comes back.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await reopen(socket, { url: await urlOf(to.app) });

    expect(socket.recovered).toBe(true);
    expect(socket.id).toBe(id);
    await eventually('the missed updates', () => updates().map((u) => u.document?.visitCount), { until: (counts) => counts.length === 3 });
    expect(updates().map((u) => u.document?.visitCount)).toEqual([2, 3, 4]);
    await visitor.post('/api/analytics/track-user/', visit(visitor.anonId));
    await eventually('the next update', () => updates().at(-1)?.document?.visitCount === 5);
  } finally {
    socket.close();
  }
}

describe('a single node without shared rooms', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(FAST);
  });
  afterAll(() => t.close());

  it('keeps no state for a dropped socket: it subscribes again from its last position', async () => {
    const visitor = await newVisitor(t.app);
    const socket = await connect(await urlOf(t.app), { visitor });
    try {
      const updates = following(socket);
      const room = `anonymous:${visitor.anonId}`;
      await socket.emitWithAck('subscribe', {
        room,
        lastPosition: Number.MAX_SAFE_INTEGER,
      });
      await visitor.post('/api/analytics/track-user/', visit(visitor.anonId));
      await eventually('the first update', () => updates.length === 1);
      await cut(socket);
      await visitTwice(visitor);
      await reopen(socket);
      expect(socket.recovered).toBeFalsy();
      const ack = await socket.emitWithAck('subscribe', {
        room,
        lastPosition: updates[0]!.position,
      });
      expect(ack).toMatchObject({ ok: true, replayed: 1 });
      await eventually('the replayed state', () => updates.at(-1)?.document?.visitCount === 4);
    } finally {
      socket.close();
    }
  });
});

const redisUrl = process.env.REDIS_URL;

(redisUrl ? describe : describe.skip)('connection-state recovery, nodes sharing rooms through Redis', () => {
  let t: TestApp;
  let b: TestApp;
  let url: string;
  beforeAll(async () => {
    const shared = {
      ...FAST,
      REDIS_URL: redisUrl!,
      VISITOR_PROOF_SECRET: randomBytes(32).toString('hex'),
    };
    [t, b] = await Promise.all([startTestApp(shared), startTestApp(shared)]);
    url = await urlOf(t.app);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), b?.close()]);
  });

  it('gives a socket whose connection dropped its rooms back, with the updates sent while it was away', () => recoversAfterDrop(t, t));

  it('refuses recovery once the session the socket had has ended, and hands back nothing it would have missed', async () => {
    const browser = await newVisitor(t.app);
    const { token, userId } = await signUpIn(browser, {
      email: `recovery-${browser.anonId.slice(5, 13)}@example.com`,
    });
    const socket = await connect(url, { visitor: browser, token });
    try {
      expect((await socket.emitWithAck('subscribe', { room: `user:${userId}` })).ok).toBe(true);
      const updates = following(socket);
      const id = socket.id;

      await cut(socket);
      expect((await browser.post('/api/auth/sign-out/').set('Authorization', `Bearer ${token}`)).status).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await reopen(socket);

      expect(socket.recovered).toBeFalsy();
      expect(socket.id).not.toBe(id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(updates.filter((u) => u.room === `user:${userId}`)).toEqual([]);
      // Nor may the connection, made with the revoked token, follow the user.
      expect((await socket.emitWithAck('subscribe', { room: `user:${userId}` })).ok).toBe(false);
    } finally {
      socket.close();
    }
  });

  it('decides the rooms of a recovered socket again for whoever connects now', async () => {
    const owner = await newVisitor(t.app);
    const { token, userId } = await signUpIn(owner, {
      email: `recovery-owner-${owner.anonId.slice(5, 13)}@example.com`,
    });
    const call = await owner.post('/api/call-management/mock-test-call/').set('Authorization', `Bearer ${token}`);
    expect(call.status).toBe(201);
    const socket = await connect(url, { visitor: owner, token });
    try {
      expect((await socket.emitWithAck('subscribe', { room: `user:${userId}` })).ok).toBe(true);
      expect(
        (
          await socket.emitWithAck('subscribe', {
            room: `call:${call.body.id}`,
            lastPosition: Number.MAX_SAFE_INTEGER,
          })
        ).ok,
      ).toBe(true);

      const updates = following(socket);
      await cut(socket);
      // The same connection comes back without the token: the sign-in still holds, so it recovers, but as no one.
      const stranger = await newVisitor(t.app);
      await reopen(socket, { auth: { anonId: stranger.anonId } });
      expect(socket.recovered).toBe(true);
      const since = updates.length;

      const second = await owner.post('/api/call-management/mock-test-call/').set('Authorization', `Bearer ${token}`);
      expect(second.status).toBe(201);
      const ended = (u: Update) => u.room === `call:${call.body.id}` && ['completed', 'failed'].includes(u.document?.status as string);
      await eventually('the first call to end, on its room', () => updates.slice(since).some(ended), { timeoutMs: 20_000 });
      const after = updates.slice(since);
      expect(after.filter((u) => u.room === `user:${userId}`)).toEqual([]);
      expect(after.every((u) => u.document?.access === 'preview')).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('resumes on another node with its rooms and the updates it missed', () => recoversAfterDrop(t, b));

  it('broadcasts a change only to the rooms some node follows', async () => {
    const redis = new Redis(redisUrl!);
    /** The rooms of the broadcasts read back from the shared stream since `from`. */
    const broadcastRooms = async (from: string) =>
      (await redis.xrange('socket.io', from, '+')).flatMap(([, fields]) => {
        const data = fields[fields.indexOf('data') + 1] ?? '';
        return data.startsWith('{') ? ((JSON.parse(data) as { opts?: { rooms?: string[] } }).opts?.rooms ?? []) : [];
      });
    const visitor = await newVisitor(t.app);
    const room = `anonymous:${visitor.anonId}`;
    await eventually('the first visit applied', async () => (await visitor.get('/api/health')).body.projections?.lag === 0);
    const socket = await connect(await urlOf(b.app), { visitor });
    try {
      const before = `${Date.now()}-0`;
      await visitor.post('/api/analytics/track-user/', visit(visitor.anonId));
      await eventually('the visit applied', async () => (await visitor.get('/api/health')).body.projections?.lag === 0);
      expect((await broadcastRooms(before)).filter((name) => name.includes(visitor.anonId))).toEqual([]);

      // Followed in patches on the other node: the patch room is broadcast to, the room in full is not.
      const received = following(socket);
      const { position } = await socket.emitWithAck('subscribe', { room, lastPosition: Number.MAX_SAFE_INTEGER, patches: true });
      const since = `${Date.now()}-0`;
      await visitor.post('/api/analytics/track-user/', visit(visitor.anonId));
      await eventually('the update on the other node', () => received.some((update) => update.position > position));
      expect((await broadcastRooms(since)).filter((name) => name.includes(visitor.anonId))).toEqual([`${room}!patches`]);
    } finally {
      socket.close();
      redis.disconnect();
    }
  });
});
