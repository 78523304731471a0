import { HttpException } from '@nestjs/common';
import type { ApiErrorBody } from './api-error-body';

/** An HTTP error answered with exactly the given body, e.g. `new ApiException(404, { error: 'not_found', detail: 'Call not found.' })`. */
export class ApiException extends HttpException {
  constructor(
    status: number,
    readonly body: ApiErrorBody & Record<string, unknown>,
    options?: { cause?: unknown },
  ) {
    super(body, status, options);
  }
}
