import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { Client as PgClient } from 'pg';
import type { BenchOptions } from './bench-options';
import { findRepoRoot } from '../infrastructure/config/repo-root';
import { UNREACHABLE_LIMITS } from '../infrastructure/config/unreachable-limits';
import { ms, report, summarize } from './stats';

interface Cluster {
  url: string;
  stop(): Promise<void>;
}

// The launcher is an ES module; this file compiles to CommonJS, whose import() would become require().
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<{
  startCluster(options: Record<string, unknown>): Promise<Cluster>;
}>;

function hasNginx(): boolean {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A visitor's cookies and CSRF token, from one request through nginx. */
async function visitor(url: string): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${url}/api/health`);
  const cookie = response.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  return { cookie, csrf: /csrftoken=([^;]+)/.exec(cookie)![1] };
}

/** `clients` visitors each posting `body` to `path` one after another for `seconds`. */
async function load(url: string, path: string, body: object, clients: number, seconds: number): Promise<{ perSecond: number; p99: number; failed: number }> {
  const visitors = await Promise.all(Array.from({ length: clients }, () => visitor(url)));
  const latencies: number[] = [];
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    visitors.map(async ({ cookie, csrf }) => {
      while (Date.now() < until) {
        const started = performance.now();
        const response = await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { cookie, 'x-csrftoken': csrf, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        await response.arrayBuffer();
        if (response.status >= 400) failed += 1;
        else latencies.push(performance.now() - started);
      }
    }),
  );
  return { perSecond: latencies.length / seconds, p99: summarize(latencies).p99, failed };
}

/**
 * Discovery and call start through nginx with one, two and three nodes on shared engines (PostgreSQL,
 * FerretDB, Redis). Figures, not targets: every engine shares the same two cores. Needs the engines'
 * settings CI gives (POSTGRES_URL, REDIS_URL, FerretDB built) and nginx.
 */
export async function benchCluster({ quick }: BenchOptions): Promise<void> {
  const { POSTGRES_URL, REDIS_URL, MONGODB_URI } = process.env;
  if (!POSTGRES_URL || !REDIS_URL || !MONGODB_URI || !hasNginx()) {
    report('cluster: through nginx', 'skipped: needs POSTGRES_URL, REDIS_URL, MONGODB_URI (FerretDB built) and nginx');
    return;
  }
  const root = findRepoRoot() ?? process.cwd();
  const { startCluster } = await importModule(pathToFileURL(join(root, 'scripts/cluster/cluster.mjs')).href);
  const seconds = quick ? 2 : 8;
  const clients = quick ? 4 : 16;
  const admin = new PgClient({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    for (const nodes of [1, 2, 3]) {
      const database = `rc_bench_cluster_${process.pid}_${nodes}`;
      await admin.query(`CREATE DATABASE ${database}`);
      // Limits counted by the previous cluster would still be in their window.
      const redis = new Redis(`${REDIS_URL.replace(/\/\d*$/, '')}/8`);
      await redis.flushdb();
      redis.disconnect();
      const cluster = await startCluster({
        nodes,
        database,
        engines: { postgres: POSTGRES_URL.replace(/\/[^/]*$/, `/${database}`), redis: `${REDIS_URL.replace(/\/\d*$/, '')}/8` },
        env: { ...UNREACHABLE_LIMITS, SANDBOX_TIME_SCALE: '0.05', SANDBOX_RECORDING_SPEECH: 'off' },
      });
      try {
        const discovery = await load(cluster.url, '/api/discoveries/', { business_name: 'Pizza Palace', location: 'Austin, TX' }, clients, seconds);
        report(`cluster: searches started, ${nodes} node${nodes > 1 ? 's' : ''}`, `${discovery.perSecond.toFixed(0)}/s, p99 ${ms(discovery.p99)}, ${discovery.failed} failed (${clients} clients)`);
        const calls = await load(cluster.url, '/api/call-management/mock-test-call/', {}, clients, seconds);
        report(`cluster: calls started, ${nodes} node${nodes > 1 ? 's' : ''}`, `${calls.perSecond.toFixed(0)}/s, p99 ${ms(calls.p99)}, ${calls.failed} failed (${clients} clients)`);
      } finally {
        await cluster.stop();
        for (const name of [database, `${database}_documents`]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
  } finally {
    await admin.end();
  }
}
