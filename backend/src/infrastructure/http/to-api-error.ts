import { HttpException } from '@nestjs/common';
import { ConcurrencyError, StoreUnavailableError } from '@ringcheck/projections';
import { DomainError } from '../event-sourcing/domain-error';
import type { ApiErrorBody } from './api-error-body';
import { DOMAIN_ERROR_STATUS } from './domain-error-status';
import { ApiException } from './api.exception';
import { errorCodeFor } from './error-codes';

export interface ApiErrorAnswer {
  readonly status: number;
  readonly body: ApiErrorBody & Record<string, unknown>;
  /** True for failures of the server itself, which must be logged. */
  readonly unexpected: boolean;
  /** Headers to send with the answer, e.g. Retry-After. */
  readonly headers?: Readonly<Record<string, string>>;
  /** A condition of the service rather than a bug: logged as a warning without a stack, not at every request. */
  readonly warning?: { readonly key: string; readonly message: string };
}

const INTERNAL_ERROR: ApiErrorBody = {
  error: 'internal_error',
  detail: 'An unexpected error occurred.',
  user_message: 'Something went wrong on our side. Please try again.',
};

/** Turns anything thrown while handling a request into the status and body to answer with. */
export function toApiError(exception: unknown): ApiErrorAnswer {
  const cause = exception instanceof HttpException ? exception.cause : exception;
  // Thrown by an Express-level hook (the JSON body's verify), it arrives wrapped by Nest's error mapping.
  if (cause instanceof HttpException) return fromHttpException(cause);
  const parserError = bodyParserError(cause);
  if (parserError) return parserError;
  if (exception instanceof ApiException && exception.headers) return { ...fromHttpException(exception), headers: exception.headers };
  if (exception instanceof HttpException) return fromHttpException(exception);
  if (exception instanceof DomainError) return fromDomainError(exception);
  if (exception instanceof ConcurrencyError) {
    return {
      status: 409,
      body: { error: 'conflict', detail: 'The record changed while this request was handled. Please try again.' },
      unexpected: false,
    };
  }
  if (exception instanceof StoreUnavailableError) return fromStoreUnavailable(exception);
  if (isClientHttpError(exception)) {
    const status = exception.statusCode;
    const detail = exception.expose ? exception.message : 'The request could not be processed.';
    return { status, body: { error: errorCodeFor(status), detail }, unexpected: false };
  }
  return { status: 500, body: { ...INTERNAL_ERROR }, unexpected: true };
}

const STORE_RETRY_AFTER_SECONDS = '30';
const STORE_USER_MESSAGES: Record<StoreUnavailableError['port'], string> = {
  event_store: "We're having trouble saving your request right now. Please try again in a minute.",
  read_store: "We're having trouble loading this right now. Please try again in a minute.",
};

function fromStoreUnavailable(error: StoreUnavailableError): ApiErrorAnswer {
  return {
    status: 503,
    body: {
      error: 'service_unavailable',
      detail: `The ${error.portName} is unavailable.`,
      user_message: STORE_USER_MESSAGES[error.port],
    },
    unexpected: false,
    headers: { 'Retry-After': STORE_RETRY_AFTER_SECONDS },
    warning: { key: error.port, message: error.message },
  };
}

function fromDomainError(error: DomainError): ApiErrorAnswer {
  const body: ApiErrorBody & Record<string, unknown> = error.field
    ? { error: error.code, detail: `${error.field}: ${error.message}`, fields: { [error.field]: [error.message] } }
    : { error: error.code, detail: error.message };
  return { status: DOMAIN_ERROR_STATUS[error.kind], body: { ...error.details, ...body }, unexpected: false };
}

function fromHttpException(exception: HttpException): ApiErrorAnswer {
  const status = exception.getStatus();
  const unexpected = status >= 500;
  const response = exception.getResponse();
  const error = errorCodeFor(status);

  if (typeof response === 'string') return { status, body: { error, detail: response }, unexpected };
  const shaped = response as Record<string, unknown>;
  if (typeof shaped.error === 'string' && typeof shaped.detail === 'string') {
    const { statusCode: _statusCode, ...body } = shaped;
    return { status, body: body as ApiErrorBody & Record<string, unknown>, unexpected };
  }

  // Nest's built-in shape: { statusCode, message: string | string[] | Record<field, string[]>, error }.
  const message = shaped.message;
  if (Array.isArray(message)) {
    return { status, body: { error, detail: message.map(String).join('; ') }, unexpected };
  }
  if (message && typeof message === 'object') {
    const fields = Object.fromEntries(
      Object.entries(message as Record<string, unknown>).map(([field, value]) => [field, [value].flat().map(String)]),
    );
    const detail = Object.entries(fields)
      .flatMap(([field, messages]) => messages.map((text) => `${field}: ${text}`))
      .join('; ');
    return { status, body: { error, detail, fields }, unexpected };
  }
  const detail = typeof message === 'string' ? message : exception.message;
  return { status, body: { error, detail }, unexpected };
}

interface ClientHttpError extends Error {
  statusCode: number;
  expose: boolean;
  type?: string;
  limit?: number;
}

/** An `http-errors` error (body-parser, Express) with a 4xx status. */
function isClientHttpError(value: unknown): value is ClientHttpError {
  if (!(value instanceof Error)) return false;
  const candidate = value as Partial<ClientHttpError>;
  return typeof candidate.statusCode === 'number' && candidate.statusCode >= 400 && candidate.statusCode < 500;
}

function bodyParserError(value: unknown): ApiErrorAnswer | undefined {
  if (!isClientHttpError(value) || typeof value.type !== 'string') return undefined;
  const answer = (status: number, error: string, detail: string): ApiErrorAnswer => ({
    status,
    body: { error, detail },
    unexpected: false,
  });
  switch (value.type) {
    case 'entity.parse.failed':
      return answer(400, 'invalid_json', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return answer(413, 'payload_too_large', `The request body is too large${limitText(value.limit)}.`);
    case 'parameters.too.many':
      return answer(413, 'payload_too_large', 'The request body has too many parameters.');
    case 'encoding.unsupported':
      return answer(415, 'unsupported_media_type', 'The request body uses an unsupported content encoding.');
    case 'charset.unsupported':
      return answer(415, 'unsupported_media_type', 'The request body uses an unsupported character set.');
    case 'request.aborted':
      return answer(400, 'request_aborted', 'The request was aborted before its body was received.');
    case 'request.size.invalid':
      return answer(400, 'bad_request', 'The request body size does not match its Content-Length header.');
    default:
      return undefined;
  }
}

function limitText(limit: number | undefined): string {
  if (typeof limit !== 'number') return '';
  return limit >= 1024 ? ` (limit ${Math.floor(limit / 1024)} kB)` : ` (limit ${limit} bytes)`;
}
