// Several Ringcheck nodes on shared engines, on loopback: PostgreSQL (events), FerretDB (read models),
// Redis (limits, shared socket rooms), N API nodes and nginx in front. `npm run cluster` runs it from the
// command line; the cluster test starts it with startCluster().
import { spawn, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../free-port.mjs';

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs one of the engine scripts and returns the `export NAME=value` it prints. */
async function startEngine(script, env) {
  const { stdout } = await run('bash', [join(root, script)], { env: { ...process.env, ...env }, maxBuffer: 1 << 20 });
  const match = /export (\w+)=(\S+)/.exec(stdout);
  if (!match) throw new Error(`${script} printed no address: ${stdout}`);
  return match[2];
}

/** Creates a database beside the one in `url` (on the same server) and returns its URL. */
async function createDatabase(url, name) {
  const { Client } = createRequire(join(root, 'package.json'))('pg');
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return url.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
}

function withPoolSize(uri, size) {
  const url = new URL(uri);
  if (!url.searchParams.has('maxPoolSize')) url.searchParams.set('maxPoolSize', String(size));
  return url.toString();
}

async function waitForHealth(url, timeoutMs, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return response.json();
    } catch {
      // Not listening yet.
    }
    if (!isAlive()) throw new Error(`${url} exited before it was healthy`);
    if (Date.now() > deadline) throw new Error(`${url} was not healthy within ${timeoutMs} ms`);
    await new Promise((wake) => setTimeout(wake, 200));
  }
}

/** nginx's configuration for nodes at `addresses` (host:port), listening on `listen`, its files under `prefix`. */
export function renderNginx({ prefix, listen, addresses }) {
  const template = readFileSync(join(root, 'deploy/nginx/ringcheck.conf.template'), 'utf8');
  const nodeUpstreams = addresses
    .map((address, index) => {
      const backups = addresses.filter((other) => other !== address).map((other) => `    server ${other} backup;`);
      return [`  upstream node_${index + 1} {`, `    server ${address} max_fails=1 fail_timeout=5s;`, ...backups, '  }'].join('\n');
    })
    .join('\n');
  return template
    .replaceAll('{{prefix}}', prefix)
    .replaceAll('{{listen}}', listen)
    .replace('{{servers}}', addresses.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`).join('\n'))
    .replace('{{node_upstreams}}', nodeUpstreams)
    .replaceAll('{{node_map}}', addresses.map((address, index) => `    "${address}" node_${index + 1};`).join('\n'));
}

/**
 * Starts the engines (or uses those given), the nodes one after another (the first creates the shared
 * keys), then nginx; resolves once every node and nginx answer /api/health.
 */
export async function startCluster(options = {}) {
  const count = options.nodes ?? 3;
  const dir = options.dir ?? join('/tmp', `ringcheck-cluster-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const stops = [];
  const stop = async () => {
    for (const stopOne of stops.splice(0).reverse()) await stopOne().catch(() => undefined);
  };
  try {
    const engines = { ...options.engines };
    if (!engines.postgres) {
      engines.postgres = await startEngine('scripts/engines/postgres.sh', { POSTGRES_STATE_DIR: join(dir, 'postgres'), POSTGRES_PORT: String(await freePort()) });
      stops.push(() => run('bash', [join(root, 'scripts/engines/postgres.sh'), '--stop'], { env: { ...process.env, POSTGRES_STATE_DIR: join(dir, 'postgres') } }));
    }
    if (!engines.redis) {
      engines.redis = await startEngine('scripts/engines/redis.sh', { REDIS_STATE_DIR: join(dir, 'redis'), REDIS_PORT: String(await freePort()) });
      stops.push(() => run('bash', [join(root, 'scripts/engines/redis.sh'), '--stop'], { env: { ...process.env, REDIS_STATE_DIR: join(dir, 'redis') } }));
    }
    if (!engines.mongodb) {
      const ferret = {
        FERRETDB_STATE_DIR: join(dir, 'ferretdb'),
        FERRETDB_PID_FILE: join(dir, 'ferretdb.pid'),
        FERRETDB_PORT: String(await freePort()),
      };
      // FerretDB keeps the documents in the PostgreSQL the events are in unless asked for its SQLite files.
      if (options.ferretdbOnPostgres !== false) {
        const documents = await createDatabase(engines.postgres, `${options.database ?? 'ringcheck'}_documents`);
        ferret.FERRETDB_POSTGRESQL_URL = `${documents}?pool_max_conns=150`;
      }
      engines.mongodb = await startEngine('.ci/ferretdb.sh', ferret);
      stops.push(() => run('bash', [join(root, '.ci/ferretdb.sh'), '--stop'], { env: { ...process.env, ...ferret } }));
    }
    const shared = {
      EVENT_STORE_URL: engines.postgres,
      // FerretDB stalls (every client waiting) when three nodes open a hundred connections each.
      MONGODB_URI: withPoolSize(engines.mongodb, 8),
      MONGODB_DB: options.database ?? 'ringcheck',
      REDIS_URL: engines.redis,
      // Recordings and the token signing key: one folder every node reaches (a shared volume elsewhere).
      DATA_DIR: join(dir, 'data'),
      VISITOR_PROOF_SECRET: randomBytes(32).toString('base64url'),
      // Client addresses come from nginx's X-Forwarded-For: every limit counts the real client.
      TRUSTED_PROXIES: 'loopback',
      HOST: '127.0.0.1',
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...options.env,
    };
    const nodes = [];
    for (let index = 0; index < count; index += 1) {
      const port = await freePort();
      const log = join(dir, `node-${index + 1}.log`);
      const output = openSync(log, 'a');
      const child = spawn(process.execPath, [...(options.nodeArgs ?? []), join(root, 'backend/dist/server.cjs')], {
        // NODE_ROUTE: the node's address as nginx names it, which Twilio's requests for its calls carry.
        env: { ...process.env, ...shared, PORT: String(port), NODE_ROUTE: `127.0.0.1:${port}` },
        stdio: ['ignore', output, output],
      });
      closeSync(output);
      const node = { name: `node-${index + 1}`, port, url: `http://127.0.0.1:${port}`, child, log, alive: true };
      child.once('exit', () => (node.alive = false));
      node.kill = (signal = 'SIGKILL') => child.kill(signal);
      nodes.push(node);
      stops.push(async () => {
        if (!node.alive) return;
        child.kill('SIGTERM');
        // A node that has not stopped in 10 s is killed.
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await new Promise((done) => (node.alive ? child.once('exit', done) : done()));
        clearTimeout(killer);
      });
      await waitForHealth(node.url, 60_000, () => node.alive);
    }
    const port = options.port ?? (await freePort());
    const prefix = join(dir, 'nginx');
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, 'tmp', temp), { recursive: true, mode: 0o777 });
    await run('chmod', ['-R', 'a+rwx', prefix]);
    const config = join(prefix, 'nginx.conf');
    writeFileSync(config, renderNginx({ prefix, listen: `127.0.0.1:${port}`, addresses: nodes.map((node) => `127.0.0.1:${node.port}`) }));
    const nginx = spawn(options.nginx ?? 'nginx', ['-p', prefix, '-c', config, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let nginxAlive = true;
    let nginxError = '';
    nginx.stderr.on('data', (chunk) => (nginxError += chunk));
    nginx.once('exit', () => (nginxAlive = false));
    stops.push(async () => {
      if (!nginxAlive) return;
      nginx.kill('SIGQUIT');
      await new Promise((done) => (nginxAlive ? nginx.once('exit', done) : done()));
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, 15_000, () => nginxAlive).catch((error) => {
      throw new Error(`${error.message}\n${nginxError}`);
    });
    return { url, nodes, engines, dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : fallback;
  };
  const started = Date.now();
  const cluster = await startCluster({ nodes: Number(arg('nodes', '3')), port: arg('port') ? Number(arg('port')) : 8080, dir: arg('dir', '/tmp/ringcheck-cluster') });
  console.log(`Ringcheck cluster: ${cluster.nodes.length} nodes behind nginx, healthy in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const node of cluster.nodes) console.log(`  ${node.name}: ${node.url} (log ${node.log})`);
  console.log(`  engines: ${cluster.engines.postgres}, ${cluster.engines.mongodb}, ${cluster.engines.redis}`);
  console.log(`\n  ${cluster.url}\n\nCtrl+C stops everything it started.`);
  let stopping = false;
  const shutDown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping the cluster...');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutDown);
  process.on('SIGTERM', shutDown);
}
