import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRepoRoot } from '../../../infrastructure/config/repo-root';
import type { DirectoryDataSet } from './directory-data-set';

/** Where the bundled data set lives: backend/data/directory.json, found from the repository root. */
export function defaultDirectoryDataPath(start: string = __dirname): string {
  const root = findRepoRoot(start);
  if (!root) throw new Error(`Cannot find the repository root above ${start} to locate backend/data/directory.json`);
  return join(root, 'backend', 'data', 'directory.json');
}

/** Reads and sanity-checks a directory data set file. */
export function readDirectoryDataSet(path: string = defaultDirectoryDataPath()): DirectoryDataSet {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(`The bundled business directory is missing at ${path}; regenerate it with backend/scripts/generate-directory.ts`);
  }
  const parsed = JSON.parse(text) as Partial<DirectoryDataSet>;
  if (parsed.version !== 1 || !Array.isArray(parsed.businesses) || !Array.isArray(parsed.cities) || !Array.isArray(parsed.categories) || !Array.isArray(parsed.schedules)) {
    throw new Error(`${path} is not a version 1 business directory data set`);
  }
  return parsed as DirectoryDataSet;
}
