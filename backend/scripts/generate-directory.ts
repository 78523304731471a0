// Regenerates backend/data/directory.json, the bundled directory of fictional businesses:
//
//   cd backend && npx swc scripts src -d /tmp/ringcheck-generate --config-file ../.swcrc \
//     --ignore '**/*.spec.ts,**/*.contract.ts' -q && node /tmp/ringcheck-generate/scripts/generate-directory.js [seed]
//
// The output is deterministic; a spec checks that the committed file equals a fresh generation.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findRepoRoot } from '../src/infrastructure/config/repo-root';
import { DEFAULT_DIRECTORY_SEED, generateDirectory, serializeDirectory } from '../src/discovery/adapters/embedded-directory/directory-generator';

const root = findRepoRoot(process.cwd());
if (!root) throw new Error(`Run this inside the repository (no workspace root above ${process.cwd()})`);
const seed = process.argv[2] === undefined ? DEFAULT_DIRECTORY_SEED : Number(process.argv[2]);
if (!Number.isInteger(seed)) throw new Error(`The seed must be an integer, got '${process.argv[2]}'`);

const dataSet = generateDirectory(seed);
const target = join(root, 'backend', 'data', 'directory.json');
mkdirSync(dirname(target), { recursive: true });
const text = serializeDirectory(dataSet);
writeFileSync(target, text);
console.log(`Wrote ${dataSet.businesses.length} businesses in ${dataSet.cities.length} cities (${(text.length / 1024).toFixed(0)} KiB) to ${target}`);
