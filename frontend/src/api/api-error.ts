/** A non-2xx answer from the product API; `message` follows the spec's error priority. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** A 429 answer. `retryAfter` is in seconds, or null when the server did not say. */
export class RateLimitError extends ApiError {
  override readonly name = 'RateLimitError';

  constructor(
    message: string,
    body: unknown,
    readonly retryAfter: number | null,
    readonly path: string,
  ) {
    super(message, 429, body);
  }
}
