import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { findRepoRoot } from '../infrastructure/config/repo-root';
import { UNREACHABLE_LIMITS } from '../infrastructure/config/unreachable-limits';

/** Settings that would point the server at shared engines or outside services instead of its own data folder. */
const OUTSIDE_SETTINGS = [
  'MONGODB_URI',
  'MONGODB_DB',
  'EVENTSTORE_CONNECTION_STRING',
  'EVENT_STORE_URL',
  'REDIS_URL',
  'GOOGLE_PLACES_API_KEY',
  'OPENAI_API_KEY',
  'ANALYZER',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'SEGMENT_WRITE_KEY',
  'SANITY_PROJECT_ID',
  'CLERK_PUBLISHABLE_KEY',
  'CLERK_SECRET_KEY',
  'OIDC_ISSUER_URL',
];

/** This process's environment without the settings that would send a child to shared engines or outside services. */
export function ownDataEnv(): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  for (const name of OUTSIDE_SETTINGS) delete inherited[name];
  return inherited;
}

/** The built server (`backend/dist/server.cjs`) running in a process of its own. */
export interface ServerChild {
  readonly base: string;
  readonly pid: number;
  /** Resident set size of the server process now, in bytes (Linux /proc). */
  rssBytes(): number;
  /** What the server wrote to stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!kb) throw new Error(`No VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`): Node options for every server a bench starts. */
export function benchServerNodeArgs(): string[] {
  return process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
}

/**
 * Starts `node backend/dist/server.cjs` on `dataDir` with production settings, every limit out of reach
 * (the bench sends everything from one address), and `env` on top; resolves once /api/health answers 200.
 */
export async function startServerChild(dataDir: string, env: Record<string, string> = {}, timeoutMs = 60_000): Promise<ServerChild> {
  const root = findRepoRoot() ?? process.cwd();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const inherited = ownDataEnv();
  const child = spawn(process.execPath, [...benchServerNodeArgs(), join(root, 'backend/dist/server.cjs')], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...UNREACHABLE_LIMITS,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const server: ServerChild = {
    base,
    pid: child.pid!,
    rssBytes: () => rssOf(child.pid!),
    output: () => output.join(''),
    stop: () => stopChild(child),
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${server.output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await server.stop();
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms:\n${server.output()}`);
}

/** Any token of the server's format: the CSRF check is a double submit, so the cookie and header only have to agree. */
const CSRF_TOKEN = 'bench-csrf-token-0000000000000000000000';

/** What a browser of the web app sends: the CSRF cookie and header, and the access token once signed in. */
export function browserHeaders(token?: string | null): Record<string, string> {
  return {
    Cookie: `csrftoken=${CSRF_TOKEN}`,
    'X-CSRFToken': CSRF_TOKEN,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** One JSON request to the API; anything but a 2xx is an error naming the answer. */
export async function apiRequest<T = any>(base: string, method: 'GET' | 'POST', path: string, options: { token?: string | null; body?: object } = {}): Promise<T> {
  const headers: Record<string, string> = browserHeaders(options.token);
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 400)}`);
  return (text ? JSON.parse(text) : null) as T;
}
