import type { ClientContext } from '../../request';
import type { ContentCoding } from '../compression/accept-encoding';

/** A JSON answer ready to send: its bytes and their ETag, and its compressed bytes once a client asked for them. */
export interface RenderedJson {
  readonly body: Buffer;
  readonly etag: string;
  compressed?: Partial<Record<ContentCoding, Buffer>>;
}

/** What a fast read sees of its request. */
export interface FastReadRequest {
  /** The groups its route's pattern captured from the path. */
  readonly params: readonly string[];
  /** The query string's parameters, each present once and spelled without escapes. */
  readonly query: ReadonlyMap<string, string>;
  /** The caller as the framework would know them; null when only the framework may answer (a refused token). */
  client(): Promise<ClientContext | null>;
  /** `value` as the framework would send it (the same JSON and ETag). */
  render(value: unknown): RenderedJson;
}

/**
 * A GET the server answers ahead of the framework, for routes read so often that the framework's own
 * cost per request is most of theirs. It must answer exactly as the framework's route would, and change
 * nothing: the rate limit is counted once it has an answer. Null leaves the request to the framework,
 * which answers everything a fast read does not (errors among them) in its one way.
 */
export interface FastReadRoute {
  /** Matched against the path as sent (no decoding), trailing slash included. */
  readonly pattern: RegExp;
  answer(request: FastReadRequest): Promise<RenderedJson | null>;
}
