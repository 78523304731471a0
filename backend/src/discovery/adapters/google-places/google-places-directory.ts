import type { PortHealth } from '@ringcheck/projections';
import {
  type BusinessDirectory,
  type DirectoryPlace,
  DirectorySearchError,
  type DirectorySearchOptions,
  type PlaceSearchQuery,
} from '../../ports/business-directory';
import { MAX_PAGE_SIZE, PLACES_FIELD_MASK, SEARCH_TEXT_PATH, type SearchTextRequest, type SearchTextResponse } from './places-api';
import { errorFromPlacesResponse } from './places-error-mapper';
import { fromPlacesPlace } from './places-place-mapper';

export interface GooglePlacesDirectoryOptions {
  apiKey: string;
  /** Default 'https://places.googleapis.com'. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** A search that takes longer fails with 'network'. Default 8000. */
  timeoutMs?: number;
}

const DEFAULT_LIMIT = 10;

/** The business directory backed by Google Places API (New) Text Search. */
export class GooglePlacesDirectory implements BusinessDirectory {
  readonly adapterName = 'google-places';
  private readonly apiKey: string;
  private readonly endpoint: string;
  private readonly fetch: typeof globalThis.fetch;
  private readonly timeoutMs: number;
  private lastFailure: DirectorySearchError | null = null;

  constructor({ apiKey, baseUrl = 'https://places.googleapis.com', fetch = globalThis.fetch, timeoutMs = 8000 }: GooglePlacesDirectoryOptions) {
    if (!apiKey.trim()) throw new Error('GooglePlacesDirectory needs an API key');
    this.apiKey = apiKey.trim();
    this.endpoint = `${baseUrl.replace(/\/+$/, '')}${SEARCH_TEXT_PATH}`;
    this.fetch = fetch;
    this.timeoutMs = timeoutMs;
  }

  async search(query: PlaceSearchQuery, options: DirectorySearchOptions = {}): Promise<DirectoryPlace[]> {
    const limit = options.limit === undefined || !Number.isFinite(options.limit) ? DEFAULT_LIMIT : Math.max(0, Math.floor(options.limit));
    if (limit === 0) return [];
    try {
      const places = await this.searchText({ textQuery: `${query.businessName} in ${query.location}`, pageSize: Math.min(limit, MAX_PAGE_SIZE) }, options.signal);
      this.lastFailure = null;
      return places.slice(0, limit);
    } catch (error) {
      this.lastFailure = error instanceof DirectorySearchError ? error : new DirectorySearchError('network', `Google Places search failed: ${(error as Error).message}`);
      throw this.lastFailure;
    }
  }

  async health(): Promise<PortHealth> {
    const failure = this.lastFailure;
    if (failure && (failure.reason === 'auth_failed' || failure.reason === 'quota_exceeded')) {
      return { adapter: this.adapterName, state: 'degraded', detail: `${failure.reason}: ${failure.message}` };
    }
    return { adapter: this.adapterName, state: 'up', detail: 'Places API (New) Text Search' };
  }

  private async searchText(request: SearchTextRequest, callerSignal: AbortSignal | undefined): Promise<DirectoryPlace[]> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onCallerAbort = () => controller.abort();
    if (callerSignal?.aborted) controller.abort();
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      let status: number;
      let text: string;
      try {
        const response = await this.fetch(this.endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Goog-Api-Key': this.apiKey, 'X-Goog-FieldMask': PLACES_FIELD_MASK },
          body: JSON.stringify(request),
          signal: controller.signal,
        });
        status = response.status;
        text = await response.text();
      } catch (error) {
        if (timedOut) throw new DirectorySearchError('network', `Google Places did not answer within ${this.timeoutMs} ms`);
        if (callerSignal?.aborted) throw new DirectorySearchError('network', 'The search was cancelled');
        throw new DirectorySearchError('network', `Could not reach Google Places: ${describeFetchError(error)}`);
      }
      if (status < 200 || status >= 300) throw errorFromPlacesResponse(status, text);
      return parsePlaces(text);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }
}

function parsePlaces(text: string): DirectoryPlace[] {
  let body: SearchTextResponse;
  try {
    body = JSON.parse(text) as SearchTextResponse;
  } catch {
    throw new DirectorySearchError('service_unavailable', 'Google Places answered with something other than JSON');
  }
  if (typeof body !== 'object' || body === null) throw new DirectorySearchError('service_unavailable', 'Google Places answered with an unexpected body');
  const places = Array.isArray(body.places) ? body.places : [];
  return places.flatMap((place) => {
    const mapped = fromPlacesPlace(place);
    return mapped ? [mapped] : [];
  });
}

/** Node's fetch hides the socket error in `cause`. */
function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
