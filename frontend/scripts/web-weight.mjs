// What the built web app weighs, read from Vite's manifest (build.manifest): the JavaScript and CSS the
// home page loads before it can be used, and what each route adds when a visitor opens it. Used by
// scripts/check-size-budget.mjs and by the backend's benchmark (backend/src/bench/web-weight.bench.ts).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget for the home page's initial JavaScript and CSS, gzip, in bytes (kB as Vite counts them). */
export const INITIAL_BUDGET_BYTES = 180_000;

const ROUTE_SOURCE = /^src\/routes\/(.+)\.tsx\?tsr-split=/;

/** The route id TanStack Router gives a route file: `_authenticated/call.$callId.analysis` → `/_authenticated/call/$callId/analysis`. */
export function routeIdOf(routeFile) {
  const id = `/${routeFile.replace(/\./g, '/')}`;
  return id === '/index' ? '/' : id.replace(/\/index$/, '/');
}

/**
 * Every file `keys` load before running, following static imports, with the CSS of each chunk.
 * `seen` is filled with manifest keys; `files` with output files in load order.
 */
function closure(manifest, keys, seen = new Set(), files = new Set()) {
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest names ${key} as an import but has no entry for it`);
    for (const imported of chunk.imports ?? []) visit(imported);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  };
  for (const key of keys) visit(key);
  return { seen, files };
}

/** The bytes the server sends for `file` to a browser accepting `suffix`'s coding: its compressed copy, or the file as it is. */
function served(distDir, file, bytes, suffix) {
  const copy = join(distDir, `${file}${suffix}`);
  return existsSync(copy) ? statSync(copy).size : bytes.length;
}

function sized(distDir, file) {
  const bytes = readFileSync(join(distDir, file));
  return {
    file,
    bytes: bytes.length,
    gzip: gzipSync(bytes).length,
    servedBrotli: served(distDir, file, bytes, '.br'),
    servedGzip: served(distDir, file, bytes, '.gz'),
  };
}

const sum = (files, pick = () => true, size = (f) => f.gzip) => files.filter((f) => pick(f.file)).reduce((total, f) => total + size(f), 0);

/**
 * Measures `distDir` (a `vite build` with `build.manifest`). The initial load is the entry (index.html's
 * script), everything it imports statically, their CSS, and the home route's own chunks, which the router
 * fetches at once on `/`. Each route's figure is what it adds to that: its split chunks (component,
 * pending, error) and their imports not already loaded. Sizes are gzip at zlib's default level; `served` is
 * what the server sends of the initial load, from the copies the build compressed (or the file without one).
 */
export function measureWebWeight(distDir) {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build the web app first (npm run build -w frontend)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in ${manifestPath}, found ${entries.length}`);
  const routeChunks = new Map();
  for (const key of Object.keys(manifest)) {
    const match = ROUTE_SOURCE.exec(key);
    if (match) routeChunks.set(match[1], [...(routeChunks.get(match[1]) ?? []), key]);
  }
  if (!routeChunks.has('index')) throw new Error('The manifest has no chunk of the home route (src/routes/index.tsx): is route code splitting on?');

  const initial = closure(manifest, [...entries, ...routeChunks.get('index')]);
  const initialFiles = [...initial.files].map((file) => sized(distDir, file));

  const routes = [...routeChunks]
    .filter(([routeFile]) => routeFile !== 'index')
    .map(([routeFile, keys]) => {
      const own = closure(manifest, keys, new Set(initial.seen));
      const files = [...own.files].map((file) => sized(distDir, file));
      return { route: routeIdOf(routeFile), file: `src/routes/${routeFile}.tsx`, files, gzip: sum(files) };
    })
    .sort((a, b) => a.route.localeCompare(b.route));

  const gzip = sum(initialFiles);
  // What the server sends (backend: infrastructure/http/web-app), from the copies the build compressed.
  const served = {
    raw: sum(initialFiles, undefined, (f) => f.bytes),
    brotli: sum(initialFiles, undefined, (f) => f.servedBrotli),
    gzip: sum(initialFiles, undefined, (f) => f.servedGzip),
  };
  return {
    initial: {
      files: initialFiles,
      gzip,
      served,
      jsGzip: sum(initialFiles, (file) => file.endsWith('.js')),
      cssGzip: sum(initialFiles, (file) => file.endsWith('.css')),
      budget: INITIAL_BUDGET_BYTES,
      // As measured and as sent: a build that left no compressed copies would be sent whole.
      withinBudget: gzip <= INITIAL_BUDGET_BYTES && served.gzip <= INITIAL_BUDGET_BYTES,
    },
    routes,
  };
}

export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
