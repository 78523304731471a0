import { randomBytes } from 'node:crypto';
import { constants, copyFileSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The text of `path`, which the first caller makes with `make()`: several processes starting at once on
 * one data folder (nodes sharing a volume) all get the first one's text. The text is written whole under a
 * name of its own, then linked to `path`, which fails if another process linked first, so no reader ever
 * sees a file half written. Readable by its owner only.
 */
export function fileMadeOnce(path: string, make: () => string, link: (from: string, to: string) => void = linkSync): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  const draft = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  const text = make();
  writeFileSync(draft, text, { mode: 0o600, flag: 'wx' });
  try {
    placeOnce(draft, path, link);
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(path, 'utf8');
  } finally {
    rmSync(draft, { force: true });
  }
}

/** Where the file system has no hard links, an exclusive copy still lets one process only make the file. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

function placeOnce(draft: string, path: string, link: (from: string, to: string) => void): void {
  try {
    link(draft, path);
  } catch (error) {
    if (!NO_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    copyFileSync(draft, path, constants.COPYFILE_EXCL);
  }
}
