import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { IdentityApiClient, withEnv } from '../src/identity/testing/identity-api.fixture';
import { loadConfig } from '../src/infrastructure/config';
import { createLogger } from '../src/infrastructure/logging';
import { MemoryLog } from '../src/infrastructure/logging/memory-log.fixture';
import { type TestApp, startTestApp } from './test-app';

const PASSWORD = 'correct-Horse-battery-9';

describe('identity abuse limits', () => {
  let t: TestApp;
  let api: IdentityApiClient;
  beforeAll(async () => {
    t = await withEnv({ AUTH_RATE_LIMIT_PER_ACCOUNT_ADDRESS: '3', AUTH_RATE_LIMIT_PER_ACCOUNT: '10', AUTH_RATE_LIMIT_PER_ADDRESS: '8' }, () =>
      startTestApp({ RATE_LIMIT_PER_MINUTE: '100000', TRUSTED_PROXIES: 'loopback' }),
    );
    api = new IdentityApiClient(t.app, t.csrf);
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, from: string) => api.call('post', '/api/auth/sign-in/', { email, password }, { from });

  it('limits sign-in attempts on an account from one address, answering 429 with Retry-After even for the right password', async () => {
    const email = 'limited@example.com';
    const from = '203.0.113.1';
    expect((await api.call('post', '/api/auth/sign-up/', { email, password: PASSWORD }, { from })).status).toBe(201);
    expect((await signIn(email, 'wrong password 1', from)).status).toBe(401);
    expect((await signIn(email, 'wrong password 2', from)).status).toBe(401);
    const limited = await signIn('LIMITED@example.com', PASSWORD, from);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited', detail: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
  });

  it('lets the owner sign in from their address while a stranger hammers the account from another', async () => {
    const email = 'owner@example.com';
    const home = '198.51.100.10';
    expect((await api.call('post', '/api/auth/sign-up/', { email, password: PASSWORD }, { from: home })).status).toBe(201);
    const stranger = [];
    // More guesses than the account allows from all addresses together: refused ones do not count there.
    for (let i = 0; i < 12; i++) stranger.push((await signIn(email, `guess number ${i}`, '192.0.2.66')).status);
    expect(stranger).toEqual([401, 401, 401, ...Array(9).fill(429)]);
    expect((await signIn(email, PASSWORD, home)).status).toBe(200);
  });

  it('limits an account across addresses with a gentler ceiling', async () => {
    const email = 'popular@example.com';
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn(email, `guess number ${i}`, `192.0.2.${100 + i}`)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('limits attempts per address across accounts', async () => {
    const from = '203.0.113.200';
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await signIn(`someone${i}@example.com`, PASSWORD, from)).status);
    expect(statuses).toEqual([...Array(8).fill(401), 429, 429]);
    const signUp = await api.call('post', '/api/auth/sign-up/', { email: 'another@example.com', password: PASSWORD }, { from });
    expect(signUp.status).toBe(429);
    expect(signUp.headers['retry-after']).toBeDefined();
  });
});

describe('identity logging', () => {
  const secret = 'Sup3r-secret-passphrase';
  let app: INestApplication;
  let dataDir: string;
  const log = new MemoryLog();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ringcheck-test-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'trace', NODE_ENV: 'test' });
    app = await createApp(config, createLogger({ level: 'trace', destination: log }));
    await app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('never writes a password to the log, even at level trace and on failures', async () => {
    const health = await request(app.getHttpServer()).get('/api/health');
    const csrf = String(health.headers['set-cookie']).match(/csrftoken=([^;]+)/)![1];
    const api = new IdentityApiClient(app, csrf);
    expect((await api.call('post', '/api/auth/sign-up/', { email: 'logged@example.com', password: secret })).status).toBe(201);
    expect((await api.call('post', '/api/auth/sign-in/', { email: 'logged@example.com', password: `${secret}-wrong` })).status).toBe(401);
    const signedIn = await api.call('post', '/api/auth/sign-in/', { email: 'logged@example.com', password: secret });
    const token = signedIn.body.access_token as string;
    await api.call('post', '/api/users/me/password/', { current_password: `${secret}-nope`, new_password: `${secret}-new` }, { token });
    await api.call('post', '/api/users/me/password/', { current_password: secret, new_password: `${secret}-new` }, { token });
    await api.call('post', '/api/auth/sign-up/', { email: 'logged@example.com', password: secret.slice(0, 5) });
    expect(log.lines.length).toBeGreaterThan(0);
    const written = JSON.stringify(log.lines);
    expect(written).not.toContain(secret);
    expect(written).not.toContain(secret.slice(0, 5));
    expect(written).not.toContain(token);
  });
});
