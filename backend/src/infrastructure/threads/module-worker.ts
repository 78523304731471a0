import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Starts a worker from its TypeScript sources when the caller itself runs from them (as in the specs),
 * compiling each module as it is required. The built server runs the compiled file instead.
 */
const FROM_SOURCES = `
const { createRequire } = require('node:module');
const { readFileSync } = require('node:fs');
const { workerData } = require('node:worker_threads');
const { transformSync } = createRequire(workerData.entry)('@swc/core');
require.extensions['.ts'] = (module, filename) => {
  const options = { filename, jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'commonjs' } };
  module._compile(transformSync(readFileSync(filename, 'utf8'), options).code, filename);
};
require(workerData.entry);
`;

/** A worker thread running the module `<dir>/<entry>.js` (or `.ts` from sources), given `workerData`. */
export function startModuleWorker(dir: string, entry: string, workerData: object): Worker {
  const compiled = join(dir, `${entry}.js`);
  return existsSync(compiled)
    ? new Worker(compiled, { workerData })
    : new Worker(FROM_SOURCES, { eval: true, workerData: { ...workerData, entry: join(dir, `${entry}.ts`) } });
}
