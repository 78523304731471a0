import { readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { type ContentCoding, preferredCoding } from '../compression/accept-encoding';

const SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Every file under `dir` with a compressed copy beside it, by URL path (`/assets/index-abc.js`), with the
 * codings of its copies (a copy is the file's path and the coding's suffix). Names starting with a dot
 * (`.vite`, the build's manifest) are left out, as express.static ignores them.
 */
function copiesUnder(dir: string): Map<string, Set<ContentCoding>> {
  const found = new Map<string, Set<ContentCoding>>();
  const visit = (relative: string) => {
    const entries = readdirSync(join(dir, relative), { withFileTypes: true });
    const names = new Set(entries.map((entry) => entry.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        visit(path);
        continue;
      }
      const codings = new Set((['br', 'gzip'] as const).filter((coding) => names.has(entry.name + SUFFIX[coding])));
      if (codings.size > 0) found.set(path, codings);
    }
  };
  visit('');
  return found;
}

export interface PrecompressedFileOptions {
  /** Cache-Control max-age, as express.static takes it. */
  maxAge: string;
  /** Headers for the file at `path` (its URL path), set last, as express.static's setHeaders. */
  setHeaders(response: Response, path: string): void;
}

/**
 * Sends the files of a built web app compressed, from the copies the build wrote beside them
 * (`.br`, `.gz`; frontend/build/precompressed-assets.ts), in the coding the request accepts: the same
 * Content-Type, caching and validators as the file itself, with `Vary: Accept-Encoding`, ranges counted
 * in the compressed bytes (as HTTP has it). A file without copies, or a request accepting neither coding,
 * goes on to `next` (express.static), which sends the file as it is. The folder is read once, at start:
 * a build replaces it only between runs.
 */
export function precompressedFiles(dir: string, options: PrecompressedFileOptions) {
  const copies = copiesUnder(dir);
  return function sendPrecompressed(request: Request, response: Response, next: NextFunction, path = request.path): void {
    const codings = request.method === 'GET' || request.method === 'HEAD' ? copies.get(path) : undefined;
    if (!codings) return next();
    response.vary('Accept-Encoding');
    const coding = preferredCoding(request.headers['accept-encoding'], codings);
    if (!coding) return next();
    // Set before sending, so send() keeps the file's own type rather than the copy's (application/gzip).
    response.type(extname(path));
    response.setHeader('Content-Encoding', coding);
    options.setHeaders(response, path);
    // From the folder as root: send() then looks for hidden names in the path below it only.
    response.sendFile(path + SUFFIX[coding], { root: dir, maxAge: options.maxAge }, (error?: Error) => {
      if (!error || response.headersSent) return;
      // The copy went missing: the file itself may still be there.
      response.removeHeader('Content-Type');
      response.removeHeader('Content-Encoding');
      next();
    });
  };
}
