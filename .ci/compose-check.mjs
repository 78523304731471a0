// Checks docker-compose.yml as docker compose loads it (through .ci/compose-check, the same loader): a
// plain `up` needs no variable and starts one node; `--profile cluster up nginx` starts the cluster and
// not that node; only the app and nginx are published beyond this machine; every node's environment
// passes the server's own configuration check; each node's NODE_ROUTE is its address as nginx's
// configuration names it, and it trusts X-Forwarded-For from nginx alone; nodes without a shared secret
// share the folder the visitor proof key is made in; each node's health check works, and nginx waits for it;
// nginx's configuration is rendered where the nginx service reads it, and nginx accepts it.
// Usage: node .ci/compose-check.mjs TOOL   (expects `npm run build` to have run)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const { loadConfig } = createRequire(import.meta.url)(join(repo, 'backend/dist/infrastructure/config/load-config.js'));
const tool = process.argv[2];
const failures = [];
const check = (ok, message) => {
  if (!ok) failures.push(message);
};
const load = (...args) => {
  try {
    return JSON.parse(execFileSync(tool, [join(repo, 'docker-compose.yml'), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (error) {
    console.error(`docker-compose.yml does not load (${['up', ...args].join(' ')}):\n${error.stderr ?? error.message}`);
    process.exit(1);
  }
};
const names = (project) => Object.keys(project.services).sort().join(', ');
/** The services that run a node of the product, as [name, service]. */
const serversOf = (project) => Object.entries(project.services).filter(([, service]) => /server\.cjs|npm start/.test((service.command ?? []).join(' ')));

const single = load();
check(names(single) === 'app, eventstoredb, mongodb', `docker compose up starts ${names(single)}`);
const cluster = load('--profile', 'cluster', 'nginx');
check(names(cluster) === 'app-1, app-2, cluster-build, eventstoredb, mongodb, nginx, redis', `--profile cluster up nginx starts ${names(cluster)}`);
const secret = 's'.repeat(40);
const sealed = load('--profile', 'cluster', '--env', `VISITOR_PROOF_SECRET=${secret}`, 'nginx');

for (const [label, project] of [['single', single], ['cluster', cluster], ['cluster with a secret', sealed]]) {
  for (const [name, service] of serversOf(project)) {
    // Unset variables reach the container unset (null here).
    const env = Object.fromEntries(Object.entries(service.environment ?? {}).filter(([, value]) => value !== null));
    try {
      loadConfig(env);
    } catch (error) {
      check(false, `${label}: ${name}'s environment is refused: ${error.message}`);
    }
  }
}

// Only the product's own entrances are published beyond this machine: the engines run without users.
const entrances = new Set(['app', 'nginx']);
for (const [label, project] of [['single', single], ['cluster', cluster]]) {
  for (const [name, service] of Object.entries(project.services)) {
    for (const port of service.ports ?? []) {
      check(entrances.has(name) || port.host_ip === '127.0.0.1', `${label}: ${name} publishes port ${port.published} beyond this machine`);
    }
  }
}

const nodes = serversOf(cluster);
check(nodes.length === 2, `the cluster runs ${nodes.length} nodes`);
const renderNginx = cluster.services['cluster-build'].command.join(' ');
const nginxAddress = cluster.services.nginx.networks?.cluster?.ipv4_address;
for (const [name, service] of nodes) {
  const route = `${service.networks?.cluster?.ipv4_address}:${service.environment.PORT}`;
  check(service.environment.NODE_ROUTE === route, `${name}: NODE_ROUTE ${service.environment.NODE_ROUTE}, its address ${route}`);
  check(renderNginx.includes(` ${route}`), `${name}: nginx's configuration is not rendered for ${route}`);
  check(service.environment.TRUSTED_PROXIES === nginxAddress, `${name}: TRUSTED_PROXIES ${service.environment.TRUSTED_PROXIES}, nginx is ${nginxAddress}`);
  check(!service.environment.VISITOR_PROOF_SECRET, `${name}: VISITOR_PROOF_SECRET set without being given`);
  check(sealed.services[name].environment.VISITOR_PROOF_SECRET === secret, `${name}: the given VISITOR_PROOF_SECRET does not reach it`);
}
const dataVolumes = new Set(nodes.map(([, service]) => service.volumes.find((volume) => volume.target === service.environment.DATA_DIR)?.source));
check(dataVolumes.size === 1 && !dataVolumes.has(undefined), `the nodes' DATA_DIR is not one shared volume (${[...dataVolumes].join(', ')})`);

// nginx's configuration as cluster-build renders it: consistent with how the nginx service starts and
// what it publishes, and accepted by nginx itself (`nginx -t`, where nginx is installed).
const rendering = /node (scripts\/cluster\/render-nginx\.mjs) (.+?) > (\S+)/.exec(renderNginx);
check(rendering !== null, `cluster-build does not render nginx's configuration: ${renderNginx}`);
if (rendering) {
  const [, script, argText, output] = rendering;
  const args = argText.split(/\s+/);
  const prefix = args[args.indexOf('--prefix') + 1];
  const listen = args[args.indexOf('--listen') + 1];
  const nginxCommand = cluster.services.nginx.command.join(' ');
  const confPath = join(cluster.services['cluster-build'].working_dir, output);
  check(nginxCommand.includes(`-p ${prefix} `) && nginxCommand.includes(`-c ${confPath} `), `nginx starts with ${nginxCommand}, the configuration is rendered for -p ${prefix} into ${confPath}`);
  const published = (cluster.services.nginx.ports ?? []).map((entry) => String(entry.target));
  check(published.includes(listen.split(':').pop()), `nginx listens on ${listen} but publishes ${published.join(', ')}`);
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => spawnSync(path, ['-v']).status === 0);
  if (nginx) {
    const folder = mkdtempSync(join(tmpdir(), 'compose-nginx-'));
    try {
      const rendered = spawnSync(process.execPath, [join(repo, script), ...args.map((arg) => (arg === prefix ? folder : arg))], { encoding: 'utf8' });
      check(rendered.status === 0, `rendering nginx's configuration failed: ${rendered.stderr.trim()}`);
      if (rendered.status === 0) {
        const conf = join(folder, 'nginx.conf');
        writeFileSync(conf, rendered.stdout);
        // As the nginx service does before it starts nginx.
        mkdirSync(join(folder, 'tmp'));
        const tested = spawnSync(nginx, ['-t', '-p', folder, '-c', conf], { encoding: 'utf8' });
        check(tested.status === 0, `nginx refuses the rendered configuration: ${tested.stderr.trim()}`);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  } else {
    console.log('nginx is not installed here: the rendered configuration was not tested with nginx -t');
  }
}

// Each node's health check, run as its container runs it, against a server of this build (on a free port
// here): it must pass while the server answers and fail once it is gone. nginx waits for it.
const servers = [...serversOf(single), ...nodes];
for (const [name, service] of servers) {
  const test = service.healthcheck?.test ?? [];
  check(test[0] === 'CMD' && test[1] === 'node' && test.join(' ').includes(`:${service.environment.PORT}/api/health`), `${name}: no health check asking its /api/health`);
}
for (const name of ['app-1', 'app-2']) check(cluster.services.nginx.depends_on?.[name]?.condition === 'service_healthy', `nginx does not wait for ${name} to be healthy`);
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'compose-check-'));
const health = (service) => {
  const [, , ...args] = service.healthcheck.test;
  return spawnSync(process.execPath, args.map((arg) => arg.replace(`:${service.environment.PORT}/`, `:${port}/`)), { timeout: 10_000 }).status;
};
const server = spawn(process.execPath, [join(repo, 'backend/dist/server.cjs')], {
  env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
  stdio: 'ignore',
});
try {
  const [, first] = servers[0];
  const until = Date.now() + 60_000;
  while (health(first) !== 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250));
  for (const [name, service] of servers) check(health(service) === 0, `${name}: its health check fails against a healthy server`);
} finally {
  server.kill();
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
for (const [name, service] of servers) check(health(service) !== 0, `${name}: its health check passes with no server`);
// A node whose stores are down answers its health route with 503 (in a process of its own: the checks
// block this one while they run).
const unhealthy = spawn(process.execPath, ['-e', `require('node:http').createServer((q, r) => r.writeHead(503).end()).listen(${port}, '127.0.0.1', () => console.log('up'))`], { stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve) => unhealthy.stdout.once('data', resolve));
try {
  for (const [name, service] of servers) check(health(service) === 1, `${name}: its health check does not fail on a 503`);
} finally {
  unhealthy.kill();
}

if (failures.length > 0) {
  console.error(`docker-compose.yml: ${failures.length} problem(s)\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(`docker-compose.yml: loads with no variables (${names(single)}) and with --profile cluster up nginx (${names(cluster)}); every node's environment passes and its health check works`);
