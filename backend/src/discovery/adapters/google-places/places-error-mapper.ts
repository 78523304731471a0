import { type DirectoryFailureReason, DirectorySearchError } from '../../ports/business-directory';
import type { PlacesErrorBody } from './places-api';

/** Turns a failed Places API answer into the port's failure reasons. */
export function errorFromPlacesResponse(httpStatus: number, bodyText: string): DirectorySearchError {
  const error = parseErrorBody(bodyText);
  const status = error?.status;
  const reasons = (error?.details ?? []).map((detail) => detail.reason);
  const message = `Google Places answered ${httpStatus}${status ? ` ${status}` : ''}: ${error?.message ?? 'no details'}`;
  return new DirectorySearchError(reasonFor(httpStatus, status, reasons), message);
}

function reasonFor(httpStatus: number, status: string | undefined, reasons: (string | undefined)[]): DirectoryFailureReason {
  if (httpStatus === 429 || status === 'RESOURCE_EXHAUSTED') return 'quota_exceeded';
  // A wrong key comes back as 400 INVALID_ARGUMENT with the reason API_KEY_INVALID.
  if (httpStatus === 401 || httpStatus === 403 || status === 'PERMISSION_DENIED' || status === 'UNAUTHENTICATED' || reasons.includes('API_KEY_INVALID')) {
    return 'auth_failed';
  }
  if (httpStatus >= 500) return 'service_unavailable';
  if (httpStatus === 400 || status === 'INVALID_ARGUMENT') return 'location_unclear';
  return 'service_unavailable';
}

function parseErrorBody(text: string): PlacesErrorBody['error'] {
  try {
    const parsed = JSON.parse(text) as PlacesErrorBody;
    return typeof parsed === 'object' && parsed !== null ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}
