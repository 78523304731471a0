import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../src/app.factory';
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

/** The whole application on embedded adapters in a fresh data folder, listening on a free port. */
export async function startTestApp(env: Record<string, string> = {}, options: { keepData?: boolean } = {}): Promise<TestApp> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'ringcheck-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
  const app = await createApp(config, createLogger({ level: 'silent' }));
  await app.listen(0, '127.0.0.1');
  const agent = request.agent(app.getHttpServer());
  const health = await agent.get('/api/health');
  const cookie = ([] as string[]).concat(health.headers['set-cookie'] ?? []).find((c) => c.startsWith('csrftoken='));
  const csrf = cookie ? cookie.split(';')[0].slice('csrftoken='.length) : '';
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
