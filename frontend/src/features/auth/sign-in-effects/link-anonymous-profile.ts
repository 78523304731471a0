import { ApiError } from '../../../api/api-error';
import type { ConversionSource, LinkAnonymousResult } from '../../../api/users-api';

/** Spec section 9: the link waits 2 s after sign-in and is retried up to 2 times. */
export const LINK_DELAY_MS = 2_000;
export const LINK_MAX_RETRIES = 2;

export interface LinkAnonymousProfileOptions {
  anonId: string;
  source: ConversionSource;
  link(anonId: string, source: ConversionSource): Promise<LinkAnonymousResult>;
  sleep(ms: number): Promise<void>;
  signal?: AbortSignal;
}

/** A refusal the server will repeat (the id is malformed or linked elsewhere), so retrying is pointless. */
const isFinal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 403, 408, 429].includes(error.status);

/**
 * Links the visitor this browser was before signing in to the account: after 2 s, then up to 2
 * retries 2 s apart. Answers null when the sign-in was left (signal aborted) before it finished.
 */
export async function linkAnonymousProfile(options: LinkAnonymousProfileOptions): Promise<LinkAnonymousResult | null> {
  const { anonId, source, link, sleep, signal } = options;
  let lastError: unknown;
  for (let attempt = 0; attempt <= LINK_MAX_RETRIES; attempt += 1) {
    await sleep(LINK_DELAY_MS);
    if (signal?.aborted) return null;
    try {
      return await link(anonId, source);
    } catch (error) {
      lastError = error;
      if (isFinal(error)) break;
    }
  }
  throw lastError;
}
