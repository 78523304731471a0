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

const PASSWORD = 'correct horse battery';

describe('identity abuse limits', () => {
  let t: TestApp;
  let api: IdentityApiClient;
  beforeAll(async () => {
    t = await withEnv({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3', AUTH_RATE_LIMIT_PER_ADDRESS: '8' }, () =>
      startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }),
    );
    api = new IdentityApiClient(t.app, t.csrf);
  });
  afterAll(() => t.close());

  it('limits sign-in attempts per account, answering 429 with Retry-After even for the right password', async () => {
    const email = 'limited@example.com';
    expect((await api.call('post', '/api/auth/sign-up/', { email, password: PASSWORD })).status).toBe(201);
    expect((await api.call('post', '/api/auth/sign-in/', { email, password: 'wrong password 1' })).status).toBe(401);
    expect((await api.call('post', '/api/auth/sign-in/', { email, password: 'wrong password 2' })).status).toBe(401);
    const limited = await api.call('post', '/api/auth/sign-in/', { email: 'LIMITED@example.com', password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited', detail: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
  });

  it('limits attempts per address across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await api.call('post', '/api/auth/sign-in/', { email: `someone${i}@example.com`, password: PASSWORD })).status);
    }
    // Four attempts were counted by the previous test: the address allows eight.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const signUp = await api.call('post', '/api/auth/sign-up/', { email: 'another@example.com', password: PASSWORD });
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
