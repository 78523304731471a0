import type { Socket } from 'socket.io-client';
import { LocalOidcIssuer } from '../src/identity/adapters/oidc/local-oidc-issuer.fixture';
import { withEnv } from '../src/identity/testing/identity-api.fixture';
import { connect } from './socket-client';
import { type TestApp, type TestVisitor, newVisitor, startTestApp, urlOf, signUpIn } from './test-app';

const FAST = { SANDBOX_TIME_SCALE: '0.05', SANDBOX_RECORDING_SPEECH: 'off', RATE_LIMIT_PER_MINUTE: '100000' };

function sessionEnded(socket: Socket, withinMs: number): Promise<{ reason: string; afterMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no session_ended within ${withinMs} ms`)), withinMs);
    socket.once('session_ended', (body: { reason: string }) => {
      clearTimeout(timer);
      resolve({ reason: body.reason, afterMs: Date.now() - started });
    });
  });
}

const signUp = (visitor: TestVisitor) => signUpIn(visitor, { email: `socket-${visitor.anonId.slice(5, 13)}@example.com` });

describe('socket access follows the session', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp(FAST);
    url = await urlOf(t.app);
  });
  afterAll(() => t.close());

  it('demotes a signed-in socket to the preview within a second of signing out', async () => {
    const browser = await newVisitor(t.app);
    const { token, userId } = await signUp(browser);
    const call = await browser.post('/api/call-management/mock-test-call/').set('Authorization', `Bearer ${token}`);
    const socket = await connect(url, { visitor: browser, token });
    try {
      expect((await socket.emitWithAck('subscribe', { room: `user:${userId}` })).ok).toBe(true);
      await socket.emitWithAck('subscribe', { room: `call:${call.body.id}`, lastPosition: 0 });
      const ended = sessionEnded(socket, 1000);
      const updates: Array<{ document: { access?: string } | null; room: string }> = [];
      socket.on('update', (message) => updates.push(message));

      expect((await browser.post('/api/auth/sign-out/').set('Authorization', `Bearer ${token}`)).status).toBe(204);
      expect((await ended).reason).toBe('signed_out');
      updates.length = 0;

      await new Promise((r) => setTimeout(r, 1500));
      expect(updates.filter((u) => u.room === `user:${userId}`)).toEqual([]);
      expect(updates.every((u) => u.document?.access !== 'full')).toBe(true);
      // A fresh handshake with the revoked token is no one.
      const again = await connect(url, { visitor: browser, token });
      expect((await again.emitWithAck('subscribe', { room: `user:${userId}` })).ok).toBe(false);
      again.close();
    } finally {
      socket.close();
    }
  });

  it('demotes the sockets of a deleted account', async () => {
    const browser = await newVisitor(t.app);
    const { token, userId } = await signUp(browser);
    const socket = await connect(url, { visitor: browser, token });
    try {
      expect((await socket.emitWithAck('subscribe', { room: `user:${userId}` })).ok).toBe(true);
      const ended = sessionEnded(socket, 1000);
      const removed = await browser.agent
        .delete('/api/users/me/')
        .set('X-CSRFToken', browser.csrf)
        .set('Authorization', `Bearer ${token}`)
        .send({ password: 'Vivid-Lantern-Orbit-42' });
      expect(removed.status).toBe(204);
      expect((await ended).reason).toBe('signed_out');
    } finally {
      socket.close();
    }
  });
});

describe('socket access ends with the token', () => {
  let issuer: LocalOidcIssuer;
  let t: TestApp;
  beforeAll(async () => {
    issuer = await LocalOidcIssuer.start('RS256');
    t = await withEnv({ OIDC_ISSUER_URL: issuer.url, CLERK_SECRET_KEY: issuer.secretKey, CLERK_API_URL: issuer.url }, () => startTestApp(FAST));
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });

  it('demotes a socket when its access token expires', async () => {
    const subject = 'user_2expiringsocketsubject00001';
    issuer.users.set(subject, { first_name: 'Dana', last_name: null, email: 'expiring@example.com' });
    const token = await issuer.sign({ subject, expiresIn: 2 });
    const browser = await newVisitor(t.app);
    const me = await browser.get('/api/auth/me/').set('Authorization', `Bearer ${token}`);
    expect(me.status).toBe(200);
    const socket = await connect(await urlOf(t.app), { visitor: browser, token });
    try {
      expect((await socket.emitWithAck('subscribe', { room: `user:${me.body.id}` })).ok).toBe(true);
      const ended = await sessionEnded(socket, 4000);
      expect(ended.reason).toBe('expired');
      expect((await socket.emitWithAck('subscribe', { room: `user:${me.body.id}` })).ok).toBe(false);
    } finally {
      socket.close();
    }
  });
});
