import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import { type ContentCoding, preferredCoding } from './accept-encoding';

/** JSON answers from this size go compressed to a client that accepts it; below, little would be saved. */
export const COMPRESSED_JSON_FROM_BYTES = 1024;

/**
 * A JSON answer in `coding`, as the API sends it whichever path answers (the same bytes: one-shot zlib
 * is deterministic). Brotli at quality 5: about 50 µs for 8 kB, a tenth of the size or less.
 */
export function compressJson(body: Buffer, coding: ContentCoding): Buffer {
  if (coding === 'gzip') return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/** The coding to send a JSON answer of `bytes` in, null to send it as it is; whether it varies with Accept-Encoding at all. */
export function jsonCoding(acceptEncoding: string | undefined, bytes: number): { varies: boolean; coding: ContentCoding | null } {
  if (bytes < COMPRESSED_JSON_FROM_BYTES) return { varies: false, coding: null };
  return { varies: true, coding: preferredCoding(acceptEncoding) };
}

const JSON_TYPE = /^application\/json\b/i;

/**
 * Answers marked `no-store` carry a session's token beside what its holder typed (names, email): sent
 * compressed, their length would tell an observer of the encrypted stream about the token (BREACH), so
 * they go as they are. They are small, and the CSRF check keeps other sites from asking for them anyway.
 */
function holdsSecrets(response: Response): boolean {
  const cacheControl = response.getHeader('Cache-Control');
  return typeof cacheControl === 'string' && /\bno-store\b/i.test(cacheControl);
}

/**
 * Sends the framework's JSON answers compressed where the client accepts it (what `res.json` ends
 * with a body of at least 1 kB), after Express has set their ETag and answered 304 where fresh: a weak
 * ETag, kept for every coding, as the two carry the same JSON. Streams, files, HEAD, other types and
 * answers holding secrets go as they are.
 */
export function compressJsonAnswers() {
  return (request: Request, response: Response, next: NextFunction): void => {
    const end = response.end as unknown as (...args: unknown[]) => Response;
    response.end = function endCompressed(this: Response, ...args: unknown[]) {
      const [chunk, encoding] = args;
      const type = response.getHeader('Content-Type');
      if (chunk && typeof chunk !== 'function' && !response.headersSent && typeof type === 'string' && JSON_TYPE.test(type) && !response.getHeader('Content-Encoding') && !holdsSecrets(response)) {
        const body = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
        const { varies, coding } = jsonCoding(request.headers['accept-encoding'], body.length);
        if (varies) response.vary('Accept-Encoding');
        if (coding) {
          const compressed = compressJson(body, coding);
          response.setHeader('Content-Encoding', coding);
          response.setHeader('Content-Length', compressed.length);
          const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
          return end.apply(this, callback ? [compressed, callback] : [compressed]);
        }
      }
      return end.apply(this, args);
    } as Response['end'];
    next();
  };
}
