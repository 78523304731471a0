import autocannon from 'autocannon';
import { type ChildProcess, execFile, fork } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchOptions } from './bench-options';
import { seedCallHistory } from './call-history-seed';
import { runChildScript } from './child-script';
import type { CapturedAnswer, FromBareServer, ToBareServer } from './children/rest-bare-server';
import { apiRequest, browserHeaders, ownDataEnv, type ServerChild, startServerChild } from './server-child';
import { ms, report, seconds as inSeconds, summarize } from './stats';

const CONNECTIONS = 50;
/** Calls of another owner running while the list is measured a second time. */
const CALLS_RUNNING = 20;
/** Headers the bare server leaves to node:http, as the API's server does. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
/** Requests a second to the call report while its read model is rebuilt beside serving: a busy day, not a load test. */
const REBUILD_PACE = 200;
const sleep = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, delayMs));

/** The API's answer to a GET, byte for byte, with the headers it sent. */
function capture(base: string, path: string, headers: Record<string, string>): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${base}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          if (!CONNECTION_HEADERS.has(response.rawHeaders[i].toLowerCase())) pairs.push([response.rawHeaders[i], response.rawHeaders[i + 1]]);
        }
        resolve({ status: response.statusCode ?? 0, headers: pairs, bodyBase64: Buffer.concat(chunks).toString('base64') });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The bare node:http server (children/rest-bare-server.js) answering the captured answers. */
async function startBareServer(answers: Record<string, CapturedAnswer>): Promise<{ base: string; child: ChildProcess }> {
  const child = fork(join(__dirname, 'children', 'rest-bare-server.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: FromBareServer) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`The bare server exited with ${code}`)));
    child.send({ type: 'serve', answers } satisfies ToBareServer);
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

interface Load {
  requestsPerSecond: number;
  bytesPerAnswer: number;
  /** p99 latency at full load, 50 connections. */
  p99Ms: number;
}

/** One autocannon run, as fast as 50 connections go; any error or non-2xx answer fails the bench, so a refused request never counts as served. */
async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers of ${result.requests.total}`);
  }
  return {
    requestsPerSecond: result.requests.total / seconds,
    bytesPerAnswer: result.throughput.total / Math.max(1, result.requests.total),
    p99Ms: result.latency.p99,
  };
}

/** Latencies of GET `url` at a steady `rate`, from the paced client in a process of its own (children/paced-client.js). */
async function pacedLoad(url: string, headers: Record<string, string>, rate: number, seconds: number) {
  const paced = await runChildScript<{ latencies: number[] }>(
    'paced-client.js',
    { PACED_URL: url, PACED_HEADERS: JSON.stringify(headers), PACED_RATE: String(rate), PACED_SECONDS: String(seconds) },
    (seconds + 60) * 1000,
  );
  if (!paced.ok) throw new Error(`The paced client ${paced.reason}`);
  return summarize(paced.result.latencies);
}

/**
 * Rebuilds the calls read model of the server serving `dataDir` beside serving, as an operator does
 * (`npm run projections -- rebuild calls`); resolves with how long it took, once readers were switched.
 */
function rebuildCallsBeside(dataDir: string): Promise<number> {
  const cli = join(__dirname, '..', 'cli', 'projections-cli.js');
  return new Promise((resolve, reject) => {
    // The server's own stores: with MONGODB_URI inherited (as in CI) the command would watch another read store for ever.
    execFile(process.execPath, [cli, 'rebuild', 'calls'], { env: { ...ownDataEnv(), DATA_DIR: dataDir }, timeout: 300_000 }, (error, stdout) => {
      const took = /in (\d+) ms/.exec(stdout)?.[1];
      if (error || !took) reject(error ?? new Error(`the rebuild said: ${stdout}`));
      else resolve(Number(took));
    });
  });
}

async function waitForCatchUp(server: ServerChild, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const health = await apiRequest(server.base, 'GET', '/api/health');
    // A server meeting a history for the first time builds its read models beside serving: wait for them too.
    if (health.projections?.lag === 0 && (health.projections.rebuilding ?? []).length === 0) return;
    if (Date.now() > deadline) throw new Error(`The read models were still ${health.projections?.lag} events behind after ${timeoutMs} ms`);
    await sleep(200);
  }
}

/**
 * The list's load while `calls` calls of another owner run on the sandbox: each of their events changes
 * the calls read model, after which the list's page is read and rendered again. Answers the load and how
 * many events were recorded meanwhile.
 */
async function loadWhileCallsRun(server: ServerChild, caller: { email: string }, password: string, url: string, headers: Record<string, string>, seconds: number, calls: number) {
  const session = await apiRequest(server.base, 'POST', '/api/auth/sign-in/', { body: { email: caller.email, password } });
  const token = session.access_token as string;
  // One after another, as a person starts them.
  for (let placed = 0; placed < calls; placed++) await apiRequest(server.base, 'POST', '/api/call-management/mock-test-call/', { token, body: {} });
  const before = (await apiRequest(server.base, 'GET', '/api/health')).projections.position as number;
  const started = performance.now();
  const result = await load(url, headers, seconds);
  const elapsedSeconds = (performance.now() - started) / 1000;
  const after = (await apiRequest(server.base, 'GET', '/api/health')).projections.position as number;
  return { ...result, changesPerSecond: (after - before) / elapsedSeconds };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`;

/**
 * REST against its floor: with `calls` calls stored (cloned from real sandbox calls), autocannon with 50
 * connections against the built server in its own process, then against a bare node:http server sending
 * the very bytes the API sent for the same request, in the same run; then the API and the bare server
 * again at half the rate the API reached, evenly paced, for their p99 latency.
 */
export async function benchRest(options: Partial<BenchOptions> = {}): Promise<void> {
  const calls = options.quick ? 1_000 : 20_000;
  const seconds = options.quick ? 1 : 5;
  const dataDir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-rest-'));
  let server: ServerChild | undefined;
  let bare: ChildProcess | undefined;
  try {
    const history = await seedCallHistory(dataDir, { calls });
    // The calls placed during the list's second measurement are the second owner's own: no plan limit is in the way.
    server = await startServerChild(dataDir, { SANDBOX_RECORDING_SPEECH: 'off', SANDBOX_TIME_SCALE: '0.25', PLAN_FREE_TEST_CALLS_PER_MONTH: 'unlimited', PLAN_FREE_LOCATIONS: 'unlimited' });
    await waitForCatchUp(server, 120_000);
    const owner = history.owners[0];
    const session = await apiRequest(server.base, 'POST', '/api/auth/sign-in/', { body: { email: owner.email, password: history.password } });
    const headers = browserHeaders(session.access_token as string);
    const endpoints = [
      { name: 'call report', path: `/api/call-management/calls/${owner.callIds[owner.callIds.length - 1]}/` },
      { name: `call list (${owner.callIds.length} calls)`, path: '/api/call-management/calls/?ordering=-created_at' },
    ];
    const answers: Record<string, CapturedAnswer> = {};
    for (const { path } of endpoints) {
      answers[path] = await capture(server.base, path, headers);
      if (answers[path].status !== 200) throw new Error(`GET ${path} answered ${answers[path].status}`);
    }
    const floor = await startBareServer(answers);
    bare = floor.child;
    const stored = `${calls.toLocaleString('en-US')} calls stored`;
    // The loads below send no Accept-Encoding, as the bare server's floor is measured; a browser gets them compressed.
    const sizes: string[] = [];
    for (const { name, path } of endpoints) {
      const browser = await capture(server.base, path, { ...headers, 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      const coding = browser.headers.find(([header]) => header.toLowerCase() === 'content-encoding')?.[1] ?? 'none';
      sizes.push(`${name} ${kb(Buffer.from(browser.bodyBase64, 'base64').length)} (${coding}) against ${kb(Buffer.from(answers[path].bodyBase64, 'base64').length)}`);
    }
    report('rest: answers as a browser gets them', sizes.join('; '));

    for (const { name, path } of endpoints) {
      const warmUp = options.quick ? 0.5 : 1;
      await load(`${server.base}${path}`, headers, warmUp);
      const api = await load(`${server.base}${path}`, headers, seconds);
      await load(`${floor.base}${path}`, headers, warmUp);
      const floorLoad = await load(`${floor.base}${path}`, headers, seconds);
      const ratio = api.requestsPerSecond / floorLoad.requestsPerSecond;
      report(`rest: ${name}, ${stored}`, `API ${perSecond(api.requestsPerSecond)} (${kb(api.bytesPerAnswer)} answers)`, {
        target: '>= 40% of bare',
        met: ratio >= 0.4,
        versus: `bare node:http sending the same bytes ${perSecond(floorLoad.requestsPerSecond)}`,
        ratio: `${(ratio * 100).toFixed(0)}% of bare`,
      });
      const rate = Math.max(1, Math.round(api.requestsPerSecond / 2));
      const half = await pacedLoad(`${server.base}${path}`, headers, rate, seconds);
      const bareHalf = await pacedLoad(`${floor.base}${path}`, headers, rate, seconds);
      report(`rest: ${name}, at half load (${perSecond(rate)}, paced)`, `p50 ${ms(half.p50)}, p99 ${ms(half.p99)}`, {
        target: 'p99 < 10 ms',
        met: half.p99 < 10,
        versus: `bare node:http at the same pace p50 ${ms(bareHalf.p50)}, p99 ${ms(bareHalf.p99)}`,
      });
      if (path.includes('/calls/?')) {
        report(`rest: ${name}, p99 at full load (50 connections)`, ms(api.p99Ms), 'p99 <= 20 ms', api.p99Ms <= 20);
        const busy = await loadWhileCallsRun(server, history.owners[1], history.password, `${server.base}${path}`, headers, seconds, CALLS_RUNNING);
        report(
          `rest: ${name}, while ${CALLS_RUNNING} calls of another owner run`,
          `API ${perSecond(busy.requestsPerSecond)}, p99 ${ms(busy.p99Ms)}, ${busy.changesPerSecond.toFixed(0)} changes of the calls read model a second`,
          { target: '>= 40% of bare', met: busy.requestsPerSecond / floorLoad.requestsPerSecond >= 0.4, ratio: `${((busy.requestsPerSecond / floorLoad.requestsPerSecond) * 100).toFixed(0)}% of bare` },
        );
      }
    }
    const reportUrl = `${server.base}${endpoints[0].path}`;
    const calm = await pacedLoad(reportUrl, headers, REBUILD_PACE, seconds);
    // The paced client's half second of warm-up covers the command's start: the window it measures follows.
    const rebuilding = rebuildCallsBeside(dataDir);
    const during = await pacedLoad(reportUrl, headers, REBUILD_PACE, seconds);
    const rebuildMs = await rebuilding;
    report(
      `rest: call report while its read model is rebuilt (${perSecond(REBUILD_PACE)}, paced)`,
      `p50 ${ms(during.p50)}, p99 ${ms(during.p99)} (without a rebuild: p50 ${ms(calm.p50)}, p99 ${ms(calm.p99)}); the rebuild of ${calls.toLocaleString('en-US')} calls beside serving took ${inSeconds(rebuildMs)}`,
    );
  } finally {
    bare?.kill();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
