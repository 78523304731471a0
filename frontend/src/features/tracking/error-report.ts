import { ApiError } from '../../api/api-error';
import type { ProductEvents } from './product-events';

/** `Error Occurred`'s properties for an error; the message is cut to 500 characters on the way out. */
export function errorReportOf(error: unknown, origin: 'api' | 'uncaught' | 'unhandled_rejection'): ProductEvents['Error Occurred'] {
  if (error instanceof ApiError) return { errorType: `api_error_${error.status}`, errorMessage: error.message };
  const message = error instanceof Error ? error.message || error.name : typeof error === 'string' ? error : 'Unknown error';
  if (origin === 'api') {
    // fetch rejects with a TypeError when the request never got an answer.
    return { errorType: error instanceof TypeError ? 'network_error' : 'api_error', errorMessage: message };
  }
  return { errorType: origin === 'uncaught' ? 'uncaught_error' : 'unhandled_rejection', errorMessage: message };
}
