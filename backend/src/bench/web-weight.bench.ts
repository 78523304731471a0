import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findRepoRoot } from '../infrastructure/config/repo-root';
import { printTable, report } from './stats';

interface SizedFile {
  file: string;
  gzip: number;
}

interface WebWeight {
  initial: {
    files: SizedFile[];
    gzip: number;
    jsGzip: number;
    cssGzip: number;
    /** What the server sends of it: from the build's compressed copies, or uncompressed. */
    served: { raw: number; brotli: number; gzip: number };
    budget: number;
    withinBudget: boolean;
  };
  routes: { route: string; files: SizedFile[]; gzip: number }[];
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * The web app's weight from its build (frontend/scripts/web-weight.mjs reads Vite's manifest): the home
 * page's initial JavaScript and CSS against its budget, and what each route adds. Builds the web app
 * first when no build is there.
 */
export async function benchWebWeight(): Promise<void> {
  const root = findRepoRoot() ?? process.cwd();
  const dist = join(root, 'frontend', 'dist');
  if (!existsSync(join(dist, '.vite', 'manifest.json'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'frontend', '--silent'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`Building the web app failed: ${build.stderr || build.stdout}`);
  }
  const { measureWebWeight } = require(join(root, 'frontend', 'scripts', 'web-weight.mjs')) as { measureWebWeight: (dir: string) => WebWeight };
  const { initial, routes } = measureWebWeight(dist);
  report(
    'web: first page (/), JavaScript and CSS, gzip',
    `${kB(initial.gzip)} (JS ${kB(initial.jsGzip)}, CSS ${kB(initial.cssGzip)}) in ${initial.files.length} files`,
    `<= ${kB(initial.budget)}`,
    initial.withinBudget,
  );
  const { served } = initial;
  report(
    'web: first page (/), as the server sends it',
    `${kB(served.brotli)} Brotli, ${kB(served.gzip)} gzip (${kB(served.raw)} uncompressed)`,
    { target: `gzip <= ${kB(initial.budget)}`, met: served.gzip <= initial.budget, ratio: `Brotli ${((served.brotli / served.raw) * 100).toFixed(0)}% of uncompressed` },
  );
  printTable(
    'web: what each route adds to the first page (gzip)',
    ['route', 'adds', 'files'],
    routes.map((route) => [route.route, kB(route.gzip), String(route.files.length)]),
  );
}
