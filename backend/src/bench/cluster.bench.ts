import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { Client as PgClient } from 'pg';
import { io } from 'socket.io-client';
import { type BenchOptions, wholeNumbersFromEnv } from './bench-options';
import { findRepoRoot } from '../infrastructure/config/repo-root';
import { UNREACHABLE_LIMITS } from '../infrastructure/config/unreachable-limits';
import { VISITOR_COOKIE_NAME, VisitorProof } from '../infrastructure/visitor';
import { benchServerNodeArgs } from './server-child';
import { ms, report, summarize } from './stats';

interface Cluster {
  url: string;
  nodes: Array<{ url: string }>;
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

/** A visitor's cookies (those it already has, and those given) and CSRF token, from one request to `url`. */
async function visitor(url: string, has?: string): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${url}/api/health`, has ? { headers: { cookie: has } } : {});
  const given = response.headers.getSetCookie().map((header) => header.split(';')[0]);
  const cookie = [...(has ? [has] : []), ...given].join('; ');
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

/** A visitor's socket on one node following its own room: when each document's first update arrived. */
async function followerOn(url: string, anonId: string, cookie: string) {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { anonId }, extraHeaders: { Cookie: cookie }, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = await socket.emitWithAck('subscribe', { room: `anonymous:${anonId}`, lastPosition: Number.MAX_SAFE_INTEGER });
  if (!ack.ok) throw new Error(ack.error);
  const arrivals = new Map<string, number>();
  /** Of each document's first update: milliseconds from its `created_at` to its arrival, both by the wall clock every process here shares. */
  const sinceCreated = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  socket.on('update', (message: { documentId: string; document?: { created_at?: string } | null }) => {
    if (arrivals.has(message.documentId)) return;
    arrivals.set(message.documentId, performance.now());
    const created = Date.parse(message.document?.created_at ?? '');
    if (!Number.isNaN(created)) sinceCreated.set(message.documentId, Date.now() - created);
    waiting.get(message.documentId)?.();
  });
  return {
    close: () => socket.close(),
    /** When the first update of `id` arrived, waiting for it up to 10 s. */
    async arrival(id: string): Promise<number> {
      if (!arrivals.has(id)) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no update for ${id} within 10 s`)), 10_000);
          waiting.set(id, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiting.delete(id);
      }
      return arrivals.get(id)!;
    },
    /** Milliseconds from the document's creation to its first update here, once that arrived. */
    sinceCreated: (id: string) => sinceCreated.get(id),
  };
}

/** Waits up to a minute for the read models to stay caught up with the event store for `quietMs`. */
async function caughtUp(cluster: Cluster, quietMs: number): Promise<void> {
  const until = Date.now() + 60_000;
  let quietSince = Date.now();
  while (Date.now() < until) {
    const { projections } = (await (await fetch(`${cluster.url}/api/health`)).json()) as { projections: { lag: number | null } };
    if (projections.lag !== 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Calls started on one node, each followed by its visitor on two sockets: one on the node running the
 * projections, which pushes the change, one on another node (the same one with a single node), which
 * hears of it through Redis. `endToEnd`: from the start request to the update on the other node's socket
 * (the event stored, applied to the read model, pushed); `hop`: how much later the other node's socket
 * had it than the projections' node's; `fromWrite`: from the call's `created_at` (stamped on its first
 * event as the command writes it) to the other node's socket, which leaves out the request's own checks.
 * `clients` visitors share `samples` calls. Without `perSecond` each visitor starts its next call once the
 * last one reached both sockets (as fast as the cluster goes: the load grows until it saturates); with it
 * the calls start at that steady rate whatever the answers, so the figure belongs to a known load.
 */
async function socketDelivery(
  cluster: Cluster,
  proof: VisitorProof,
  { clients, samples, perSecond }: { clients: number; samples: number; perSecond?: number },
): Promise<{ endToEnd: number[]; hop: number[]; fromWrite: number[]; seconds: number }> {
  const roles = await Promise.all(cluster.nodes.map(async (node) => ((await (await fetch(`${node.url}/api/health`)).json()) as { projections: { role?: string } }).projections.role));
  const projectionsNode = cluster.nodes[Math.max(0, roles.indexOf('leading'))].url;
  const others = cluster.nodes.map((node) => node.url).filter((url) => url !== projectionsNode);
  const endToEnd: number[] = [];
  const hop: number[] = [];
  const fromWrite: number[] = [];
  const followers = await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      const anonId = `anon_${randomUUID()}`;
      const cookie = `${VISITOR_COOKIE_NAME}=${proof.seal([anonId])}`;
      const farNode = others.length > 0 ? others[index % others.length] : projectionsNode;
      const writeNode = others.length > 1 ? others[(index + 1) % others.length] : farNode;
      const near = await followerOn(projectionsNode, anonId, cookie);
      const far = await followerOn(farNode, anonId, cookie);
      return { near, far, writeNode, ...(await visitor(writeNode, cookie)) };
    }),
  );
  const began = performance.now();
  const startCall = async (sample: number) => {
    const { near, far, writeNode, cookie, csrf } = followers[sample % clients];
    const sent = performance.now();
    const response = await fetch(`${writeNode}/api/call-management/mock-test-call/`, {
      method: 'POST',
      headers: { cookie, 'x-csrftoken': csrf, 'content-type': 'application/json' },
      body: '{}',
    });
    if (response.status !== 201) throw new Error(`starting a call: ${response.status} ${await response.text()}`);
    const { id } = (await response.json()) as { id: string };
    const [nearAt, farAt] = await Promise.all([near.arrival(id), far.arrival(id)]);
    endToEnd.push(farAt - sent);
    hop.push(farAt - nearAt);
    const written = far.sinceCreated(id);
    if (written !== undefined) fromWrite.push(written);
  };
  try {
    if (perSecond) {
      const started: Array<Promise<void>> = [];
      for (let sample = 0; sample < samples; sample += 1) {
        const due = began + (sample * 1000) / perSecond;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        started.push(startCall(sample));
      }
      await Promise.all(started);
    } else {
      await Promise.all(
        followers.map(async (_, index) => {
          for (let sample = index; sample < samples; sample += clients) await startCall(sample);
        }),
      );
    }
  } finally {
    for (const { near, far } of followers) {
      near.close();
      far.close();
    }
  }
  return { endToEnd, hop, fromWrite, seconds: (performance.now() - began) / 1000 };
}

/**
 * The steady load the cross-node push is held to: calls started per second (about half of what two
 * clients reach flat out on three nodes here; BENCH_CLUSTER_PACE sets another), and how many.
 */
const PACED_PER_SECOND = Number(process.env.BENCH_CLUSTER_PACE ?? 5);
const PACED_CALLS = 100;

/**
 * The full run measures one, two and three nodes; the quick one (CI, so the bench cannot rot) two nodes
 * only, with fewer and shorter calls: each cluster size costs half a minute even so.
 */
const SHAPES = {
  full: { nodes: [1, 2, 3], seconds: 8, clients: 16, warmUp: 10, paced: PACED_CALLS, flatOut: 100, quietMs: 2000, timeScale: '0.05' },
  quick: { nodes: [2], seconds: 1, clients: 4, warmUp: 4, paced: 10, flatOut: 10, quietMs: 1000, timeScale: '0.02' },
};

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
  const shape = quick ? SHAPES.quick : SHAPES.full;
  const { seconds, clients, quietMs } = shape;
  const admin = new PgClient({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    // BENCH_CLUSTER_NODES (e.g. `3`) runs only those cluster sizes.
    for (const nodes of wholeNumbersFromEnv('BENCH_CLUSTER_NODES', shape.nodes)) {
      const database = `rc_bench_cluster_${process.pid}_${nodes}`;
      await admin.query(`CREATE DATABASE ${database}`);
      // Limits counted by the previous cluster would still be in their window.
      const redis = new Redis(`${REDIS_URL.replace(/\/\d*$/, '')}/8`);
      await redis.flushdb();
      redis.disconnect();
      const secret = randomBytes(32).toString('base64url');
      const cluster = await startCluster({
        nodes,
        database,
        nodeArgs: benchServerNodeArgs(),
        engines: { postgres: POSTGRES_URL.replace(/\/[^/]*$/, `/${database}`), redis: `${REDIS_URL.replace(/\/\d*$/, '')}/8` },
        env: { ...UNREACHABLE_LIMITS, SANDBOX_TIME_SCALE: shape.timeScale, SANDBOX_RECORDING_SPEECH: 'off', VISITOR_PROOF_SECRET: secret },
      });
      try {
        const proof = new VisitorProof(Buffer.from(secret));
        const where = nodes === 1 ? 'same node' : `other node of ${nodes}`;
        // Unmeasured calls first: the first of a fresh cluster pay for connections, compiling and new collections.
        await socketDelivery(cluster, proof, { clients: 2, samples: shape.warmUp });
        await caughtUp(cluster, quietMs);
        // At a steady load, on the otherwise idle cluster; its calls run on, so each next figure waits for the read models.
        const paced = await socketDelivery(cluster, proof, { clients: 4, samples: shape.paced, perSecond: PACED_PER_SECOND });
        const pacedFromWrite = summarize(paced.fromWrite);
        report(
          `cluster: call written to socket, ${where}, ${PACED_PER_SECOND} calls/s`,
          `p50 ${ms(pacedFromWrite.p50)}, p99 ${ms(pacedFromWrite.p99)} (${pacedFromWrite.count} calls started ${PACED_PER_SECOND}/s, from created_at, whole milliseconds)`,
          nodes === 1 ? undefined : { target: 'p99 <= 100 ms', met: pacedFromWrite.count === paced.endToEnd.length && pacedFromWrite.p99 <= 100 },
        );
        await caughtUp(cluster, quietMs);
        const delivery = await socketDelivery(cluster, proof, { clients: 2, samples: shape.flatOut });
        const endToEnd = summarize(delivery.endToEnd);
        const fromWrite = summarize(delivery.fromWrite);
        const rate = `${(delivery.endToEnd.length / delivery.seconds).toFixed(0)} calls/s`;
        report(`cluster: call start request to socket, ${where}, flat out`, `p50 ${ms(endToEnd.p50)}, p99 ${ms(endToEnd.p99)} (${endToEnd.count} calls, 2 clients one call after another: ${rate})`);
        report(`cluster: call written to socket, ${where}, flat out`, `p50 ${ms(fromWrite.p50)}, p99 ${ms(fromWrite.p99)} (from created_at, whole milliseconds)`);
        if (nodes > 1) {
          const hop = summarize([...paced.hop, ...delivery.hop]);
          report(`cluster: push to another node (Redis), ${nodes} nodes`, `p50 ${ms(hop.p50)}, p99 ${ms(hop.p99)} later than on the projections' node (Redis)`);
        }
        await caughtUp(cluster, quietMs);
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
