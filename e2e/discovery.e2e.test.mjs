// Business discovery in a real browser against the built server: a search that finds a business,
// and one that finds nothing. Run after `npm run build` with `node --test e2e/`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, server, output, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${output.join('')}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms:\n${output.join('')}`);
}

async function stop(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

const missing = !existsSync(CHROMIUM) && `${CHROMIUM} is missing (apt-get install -y chromium); the browser test is skipped`;

test(
  'a visitor searches for a business, sees it, then searches for one that does not exist',
  { skip: missing, timeout: 120_000 },
  async (t) => {
    for (const built of ['backend/dist/main.js', 'frontend/dist/index.html']) {
      assert.ok(existsSync(join(root, built)), `${built} is missing: run npm run build first`);
    }
    const { chromium } = createRequire(join(root, 'package.json'))('playwright-core');
    const dataDir = mkdtempSync(join(tmpdir(), 'ringcheck-e2e-data-'));
    const shots = mkdtempSync(join(tmpdir(), 'ringcheck-e2e-shots-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const output = [];
    const server = spawn(process.execPath, ['backend/dist/main.js'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout.on('data', (chunk) => output.push(String(chunk)));
    server.stderr.on('data', (chunk) => output.push(String(chunk)));
    let browser;
    try {
      await waitForHealth(base, server, output);
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

      await page.goto(`${base}/`);
      await page.getByLabel('Business name').fill('Pizza Palace');
      await page.getByLabel('Location').fill('New York, NY');
      await page.getByRole('button', { name: 'Find my business' }).click();

      await page.getByRole('heading', { name: 'Is this your business?' }).waitFor({ timeout: 20_000 });
      const card = page.getByRole('article', { name: 'Pizza Palace', exact: true });
      await card.waitFor();
      assert.equal(await card.getByRole('heading', { name: 'Pizza Palace', exact: true }).count(), 1);
      assert.equal(await card.getByRole('button', { name: 'Start AI Call' }).count(), 1);
      await page.screenshot({ path: join(shots, 'results.png') });

      await page.getByRole('button', { name: 'New Search' }).click();
      await page.getByLabel('Business name').fill('Zzyzx Quantum Bagpipes');
      await page.getByLabel('Location').fill('Austin, TX');
      await page.getByRole('button', { name: 'Find my business' }).click();

      await page.getByRole('heading', { name: 'No businesses found' }).waitFor({ timeout: 20_000 });
      assert.equal(await page.getByRole('button', { name: 'Search again' }).count(), 1);
      await page.screenshot({ path: join(shots, 'no-results.png') });
      t.diagnostic(`screenshots in ${shots}`);
    } finally {
      await browser?.close().catch(() => undefined);
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
