import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discoveriesProjection, type ProjectionRunner } from '@ringcheck/projections';
import request from 'supertest';
import { createApp } from '../app.factory';
import { loadConfig } from '../infrastructure/config';
import { UNREACHABLE_LIMITS } from '../infrastructure/config/unreachable-limits';
import { createLogger } from '../infrastructure/logging';
import { PROJECTION_RUNNER } from '../infrastructure/storage';
import { ms, report, summarize } from './stats';

const QUERIES: Array<[string, string]> = [
  ['Pizza Palace', 'New York, NY'],
  ["Joe's Plumbing", 'Springfield, IL'],
  ['dentist', 'Downtown Austin'],
  ['plumber', 'Chicago'],
  ['hair salon', 'Seattle, WA'],
  ['locksmith', 'Miami, FL'],
];

/** Discovery created (POST answered) -> completed (read model), over the HTTP API in embedded mode. */
export async function benchDiscovery(samples = 60): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-disc-'));
  const config = loadConfig({ DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test', ...UNREACHABLE_LIMITS });
  const app = await createApp(config, createLogger({ level: 'silent' }));
  await app.init();
  const runner = app.get<ProjectionRunner>(PROJECTION_RUNNER);
  const agent = request.agent(app.getHttpServer());
  const health = await agent.get('/api/health');
  const csrf = String(health.headers['set-cookie']).match(/csrftoken=([^;]+)/)![1];
  const discoveries = runner.collection(discoveriesProjection);
  try {
    const latencies: number[] = [];
    for (let i = 0; i < samples; i++) {
      const [business_name, location] = QUERIES[i % QUERIES.length];
      const started = performance.now();
      const created = await agent.post('/api/discoveries/').set('X-CSRFToken', csrf).send({ business_name, location });
      for (;;) {
        const doc = await discoveries.findOne({ _id: created.body.id });
        if (doc?.status === 'completed' || doc?.status === 'failed') break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      latencies.push(performance.now() - started);
    }
    const { p50, p99, max } = summarize(latencies);
    report('discovery: created -> completed (embedded)', `p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(max)}`, '<= 1 s', max <= 1000);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
