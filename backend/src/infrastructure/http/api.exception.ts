import { HttpException } from '@nestjs/common';
import type { ApiErrorBody } from './api-error-body';

/** An HTTP error answered with exactly the given body, e.g. `new ApiException(404, { error: 'not_found', detail: 'Call not found.' })`. */
export class ApiException extends HttpException {
  /** Sent with the answer, e.g. Retry-After. */
  readonly headers?: Readonly<Record<string, string>>;

  constructor(
    status: number,
    readonly body: ApiErrorBody & Record<string, unknown>,
    options?: { cause?: unknown; headers?: Readonly<Record<string, string>> },
  ) {
    super(body, status, { cause: options?.cause });
    this.headers = options?.headers;
  }
}
