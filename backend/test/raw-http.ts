import { request as httpRequest } from 'node:http';

/** A request sent byte for byte as given: path and headers unnormalised, body unencoded. */
export interface RawRequest {
  readonly method: string;
  /** Path and query, already percent-encoded (malformed encodings included, on purpose). */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface RawAnswer {
  readonly status: number;
  readonly text: string;
  /** The parsed body when it is JSON, else undefined. */
  readonly json: unknown;
  readonly elapsedMs: number;
}

/** Sends one request to 127.0.0.1:`port`; fails when no answer comes within `timeoutMs`. */
export function sendRaw(port: number, raw: RawRequest, timeoutMs = 10_000): Promise<RawAnswer> {
  const started = performance.now();
  const body = raw.body === undefined ? undefined : Buffer.from(raw.body, 'utf8');
  const headers = { ...raw.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
  return new Promise((resolve, reject) => {
    const pending = httpRequest({ host: '127.0.0.1', port, method: raw.method, path: raw.path, headers, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, text, json: jsonOf(text, response.headers['content-type']), elapsedMs: performance.now() - started });
      });
    });
    pending.on('timeout', () => pending.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    pending.on('error', reject);
    pending.end(body);
  });
}

function jsonOf(text: string, contentType: string | undefined): unknown {
  if (!contentType?.includes('json')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
