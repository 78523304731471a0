// Checks docker-compose.yml as docker compose loads it (through .ci/compose-check, the same loader): a
// plain `up` needs no variable and starts one node; `--profile cluster up nginx` starts the cluster and
// not that node; only the app and nginx are published beyond this machine; every node's environment
// passes the server's own configuration check; each node's NODE_ROUTE is its address as nginx's
// configuration names it, and it trusts X-Forwarded-For from nginx alone; nodes without a shared secret
// share the folder the visitor proof key is made in.
// Usage: node .ci/compose-check.mjs TOOL   (expects `npm run build` to have run)
import { execFileSync } from 'node:child_process';
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
const runsServer = (service) => /server\.cjs|npm start/.test((service.command ?? []).join(' '));

const single = load();
check(names(single) === 'app, eventstoredb, mongodb', `docker compose up starts ${names(single)}`);
const cluster = load('--profile', 'cluster', 'nginx');
check(names(cluster) === 'app-1, app-2, cluster-build, eventstoredb, mongodb, nginx, redis', `--profile cluster up nginx starts ${names(cluster)}`);
const secret = 's'.repeat(40);
const sealed = load('--profile', 'cluster', '--env', `VISITOR_PROOF_SECRET=${secret}`, 'nginx');

for (const [label, project] of [['single', single], ['cluster', cluster], ['cluster with a secret', sealed]]) {
  for (const [name, service] of Object.entries(project.services).filter(([, service]) => runsServer(service))) {
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

const nodes = Object.entries(cluster.services).filter(([, service]) => runsServer(service));
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

if (failures.length > 0) {
  console.error(`docker-compose.yml: ${failures.length} problem(s)\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(`docker-compose.yml: loads with no variables (${names(single)}) and with --profile cluster up nginx (${names(cluster)}); every node's environment passes`);
