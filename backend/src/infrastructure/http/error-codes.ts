import { STATUS_CODES } from 'node:http';

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  422: 'unprocessable_entity',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
};

/** Short snake_case code for a status: 404 -> 'not_found'. */
export function errorCodeFor(status: number): string {
  const title = STATUS_CODES[status];
  return (
    CODES[status] ??
    (title
      ? title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '_')
          .replace(/^_|_$/g, '')
      : 'error')
  );
}
