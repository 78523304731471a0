import type { GroqRequest } from '../query/groq-params';

/** The answer to a query: the result, and how long the source took. */
export interface ContentQueryResult {
  readonly result: unknown;
  readonly ms: number;
}

/**
 * The content service port: answers GROQ queries over one dataset of public documents. The embedded
 * adapter serves the bundled NDJSON export; with a Sanity project configured the web app queries Sanity
 * itself and this server serves no dataset.
 */
export interface ContentSource {
  readonly adapterName: string;
  /** The dataset this source answers for, or null when it serves none. */
  readonly dataset: string | null;
  /** Throws ContentQueryError for a query it refuses. */
  query(request: GroqRequest): Promise<ContentQueryResult>;
}

export const CONTENT_SOURCE = Symbol('CONTENT_SOURCE');
