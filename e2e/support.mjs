// Shared by the browser tests: the built server on a free port with its own data folder, and Chromium.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/free-port.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
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

/** Settings that would point the server at shared engines (CI sets MONGODB_URI for another suite). */
const SHARED_ENGINE_SETTINGS = ['MONGODB_URI', 'MONGODB_DB', 'EVENTSTORE_CONNECTION_STRING', 'EVENT_STORE_URL', 'REDIS_URL', 'GOOGLE_PLACES_API_KEY', 'ANALYZER', 'CLERK_PUBLISHABLE_KEY', 'CLERK_SECRET_KEY', 'OIDC_ISSUER_URL'];

function isolatedEnv(extra) {
  const env = { ...process.env };
  for (const name of SHARED_ENGINE_SETTINGS) delete env[name];
  return { ...env, ...extra };
}

/** A reason to skip the browser tests, or false. */
export const missingBrowser = !existsSync(CHROMIUM) && `${CHROMIUM} is missing (apt-get install -y chromium); the browser test is skipped`;

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

/**
 * Starts the built server and Chromium, runs `body({ base, page, shots, dataDir })`, and always stops both.
 * `env` adds settings (e.g. a faster sandbox time scale).
 */
export async function withAppAndBrowser(t, env, body) {
  for (const built of ['backend/dist/server.cjs', 'frontend/dist/index.html']) {
    assert.ok(existsSync(join(root, built)), `${built} is missing: run npm run build first`);
  }
  const { chromium } = createRequire(join(root, 'package.json'))('playwright-core');
  const dataDir = mkdtempSync(join(tmpdir(), 'ringcheck-e2e-data-'));
  const shots = mkdtempSync(join(tmpdir(), 'ringcheck-e2e-shots-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const output = [];
  const server = spawn(process.execPath, ['backend/dist/server.cjs'], {
    cwd: root,
    env: isolatedEnv({ DATA_DIR: dataDir, PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk) => output.push(String(chunk)));
  server.stderr.on('data', (chunk) => output.push(String(chunk)));
  let browser;
  try {
    await waitForHealth(base, server, output);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await body({ base, page, shots, dataDir });
    t.diagnostic(`screenshots in ${shots}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs axe-core on the page as it is now and fails on serious or critical violations, naming each rule
 * and the elements it found, so every page a journey reaches is checked as a person would meet it.
 */
export async function expectAccessible(page, label) {
  const axePath = createRequire(join(root, 'package.json')).resolve('axe-core/axe.min.js');
  await page.addScriptTag({ path: axePath });
  await settleAnimations(page);
  const violations = await page.evaluate(async () => {
    const result = await globalThis.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 5).map((n) => `${n.html.slice(0, 160)} [${n.any[0]?.message ?? n.all[0]?.message ?? ''}]`).join('; ')}`);
  });
  assert.deepEqual(violations, [], `${label}: axe-core found serious violations`);
}

/**
 * Lets every animation that ends reach its end state, and holds every endless one (a pulsing "Live") at its
 * first frame, so axe measures contrast as text reads once it has arrived, not half faded in.
 */
async function settleAnimations(page) {
  await page.evaluate(async () => {
    const ending = [];
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().iterations === Infinity) {
        animation.pause();
        animation.currentTime = 0;
      } else {
        ending.push(animation);
      }
    }
    await Promise.race([
      Promise.all(ending.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
}

/** A bundled business open now whose sandbox line a person answers on the first try (needs the built backend). */
export async function answeringBusiness() {
  const { places, city } = await answeringBusinesses(1);
  return { place: places[0], city };
}

/**
 * `count` bundled businesses of one kind in one city, open now, whose sandbox lines a person answers
 * within three rings: a search for `category` in `city` finds them all.
 */
export async function answeringBusinesses(count) {
  const require = createRequire(join(root, 'package.json'));
  const { behaviorProfileFor, isWithinBusinessHours } = require(join(root, 'backend/dist/calls/adapters/sandbox/index.js'));
  const { EmbeddedDirectory } = require(join(root, 'backend/dist/discovery/adapters/index.js'));
  const directory = EmbeddedDirectory.fromFile();
  for (const [category, city] of [['locksmith', 'New York, NY'], ['locksmith', 'Chicago, IL'], ['plumber', 'Austin, TX'], ['towing', 'Miami, FL']]) {
    const places = [];
    for (const place of await directory.search({ businessName: category, location: city }, { limit: 20 })) {
      if (isWithinBusinessHours(place.openingPeriods, place.timeZone, new Date()) !== true) continue;
      const profile = behaviorProfileFor(place, 1);
      if (profile.inHours.kind === 'human' && profile.inHours.rings <= 3) places.push(place);
    }
    if (places.length >= count) return { places: places.slice(0, count), city, category };
  }
  throw new Error(`no ${count} bundled businesses of one kind open now answer in person`);
}
