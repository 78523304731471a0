import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import request from 'supertest';
import { appOptions, configureApp, createApp } from '../src/app.factory';
import { AppModule } from '../src/app.module';
import { IDENTITY_CONFIG_VARIABLES } from '../src/identity';
import { withEnv } from '../src/identity/testing/identity-api.fixture';
import { type AppConfig, loadConfig } from '../src/infrastructure/config';
import { createLogger } from '../src/infrastructure/logging';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  /** Agent carrying the CSRF cookie; `csrf` is the header value to send on non-GET requests. */
  agent: ReturnType<typeof request.agent>;
  csrf: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  keepData?: boolean;
  /** Replaces providers of the real module (e.g. a stand-in for an adapter that talks to a paid service). */
  override?: (module: TestingModuleBuilder) => TestingModuleBuilder;
}

/** The whole application on embedded adapters in a fresh data folder, listening on a free port; `env` may hold identity settings too. */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'ringcheck-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
  // Identity settings are read from process.env while the app starts.
  const identityEnv = Object.fromEntries(Object.entries(env).filter(([name]) => IDENTITY_CONFIG_VARIABLES.some((v) => v.name === name)));
  const logger = createLogger({ level: 'silent' });
  const override = options.override;
  const app = await withEnv(identityEnv, async () => {
    if (!override) return createApp(config, logger);
    const moduleRef = await override(Test.createTestingModule({ imports: [AppModule.register(config, logger)] })).compile();
    return configureApp(moduleRef.createNestApplication<NestExpressApplication>(appOptions(config, logger)), config);
  });
  await app.listen(config.port, '127.0.0.1');
  const agent = request.agent(app.getHttpServer());
  const health = await agent.get('/api/health');
  const csrf = cookieValue(health.headers['set-cookie'], 'csrftoken') ?? '';
  return {
    app,
    config,
    agent,
    csrf,
    async close() {
      await app.close();
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function urlOf(app: INestApplication): Promise<string> {
  return (await app.getUrl()).replace('[::1]', '127.0.0.1');
}

/** A browser of its own: its cookie jar holds the CSRF token and the proof of its anonymous id. */
export interface TestVisitor {
  anonId: string;
  agent: ReturnType<typeof request.agent>;
  csrf: string;
  /** The Cookie header this browser sends (for a Socket.IO handshake). */
  cookie: string;
  get(path: string): request.Test;
  post(path: string, body?: object): request.Test;
}

/**
 * A new visitor of `app` (or of the server at that URL), issued its anonymous id (and the proof of it) by the server as the web app is. `visit`
 * adds facts of the first visit (its referrer, its analytics consent).
 */
export async function newVisitor(app: INestApplication | string, visit: { referrer?: string | null; gdpr_consent?: boolean | null } = {}): Promise<TestVisitor> {
  const agent = request.agent(typeof app === 'string' ? app : app.getHttpServer());
  const health = await agent.get('/api/health');
  const csrf = cookieValue(health.headers['set-cookie'], 'csrftoken') ?? '';
  const tracked = await agent
    .post('/api/analytics/track-user/')
    .set('X-CSRFToken', csrf)
    .send({ fingerprint: `fp-${Math.random().toString(36).slice(2)}`, screen_resolution: '1920x1080', timezone: 'America/New_York', language: 'en-US', ...visit });
  if (tracked.status !== 200) throw new Error(`track-user answered ${tracked.status}: ${JSON.stringify(tracked.body)}`);
  const anonId = tracked.body.anon_id as string;
  const proof = cookieValue(tracked.headers['set-cookie'], 'rc_visitor');
  const cookie = `csrftoken=${csrf}; rc_visitor=${proof}`;
  return {
    anonId,
    agent,
    csrf,
    cookie,
    get: (path) => agent.get(path).set('X-Anonymous-ID', anonId),
    post: (path, body = {}) => agent.post(path).set('X-CSRFToken', csrf).set('X-Anonymous-ID', anonId).send(body),
  };
}

export function cookieValue(setCookie: string | string[] | undefined, name: string): string | null {
  const line = ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith(`${name}=`));
  return line ? line.split(';')[0].slice(name.length + 1) : null;
}

/** A password the strength check accepts, for accounts specs create. */
export const TEST_PASSWORD = 'Vivid-Lantern-Orbit-42';

export interface SignedUp {
  token: string;
  userId: string;
  /** The Authorization header of the new account. */
  auth: { Authorization: string };
}

/** Signs a new account up in `visitor`'s browser (so the browser still proves its visitor id). */
export async function signUpIn(visitor: TestVisitor, fields: { email?: string; first_name?: string } = {}): Promise<SignedUp> {
  const email = fields.email ?? `owner-${randomUUID()}@example.com`;
  const res = await visitor.post('/api/auth/sign-up/', { email, password: TEST_PASSWORD, first_name: fields.first_name ?? 'Dana' });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(res.body)}`);
  const token = res.body.access_token as string;
  return { token, userId: res.body.user.id as string, auth: { Authorization: `Bearer ${token}` } };
}
