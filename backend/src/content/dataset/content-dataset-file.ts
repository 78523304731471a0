import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findRepoRoot } from '../../infrastructure/config/repo-root';
import { type ContentDataset, parseContentDataset } from './content-dataset';
import { ContentDatasetError } from './content-dataset-error';

/** Where the bundled datasets live: backend/data/content/<dataset>.ndjson, found from the repository root. */
export function defaultContentDatasetPath(dataset: string, start: string = __dirname): string {
  const root = findRepoRoot(start);
  if (!root) throw new ContentDatasetError(`Cannot find the repository root above ${start} to locate backend/data/content/${dataset}.ndjson`);
  return join(root, 'backend', 'data', 'content', `${dataset}.ndjson`);
}

/** Reads and checks a dataset file; any problem is a {@link ContentDatasetError} naming the file (and line). */
export function readContentDataset(dataset: string, path: string = defaultContentDatasetPath(dataset)): ContentDataset {
  const shown = displayPath(path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new ContentDatasetError(
      `The content dataset "${dataset}" is missing at ${shown}: add it (Sanity's export format, one document per line) or set SANITY_PROJECT_ID to read the content from Sanity.`,
    );
  }
  return parseContentDataset(dataset, text, shown);
}

function displayPath(path: string): string {
  const root = findRepoRoot();
  return root && path.startsWith(root) ? relative(root, path) : path;
}
