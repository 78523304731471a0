import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { HttpRequest, HttpResponse } from './request-types';
import { requestPath } from './request-types';
import { sendApiError } from './send-api-error';
import { type ApiErrorAnswer, toApiError } from './to-api-error';

/** What the filter needs to report server failures; a pino `Logger` fits. */
export interface ErrorLogger {
  error(payload: object, message: string): void;
  warn?(payload: object, message: string): void;
}

/** Falls back to Nest's logger (which is pino once `PinoLoggerService` is the app logger). */
const nestErrorLogger: ErrorLogger = {
  error: (payload, message) => new Logger('ApiExceptionFilter').error({ ...payload, msg: message }),
  warn: (payload, message) => new Logger('ApiExceptionFilter').warn({ ...payload, msg: message }),
};

/** A warning (e.g. a store outage) is logged again only after this long, however many requests meet it. */
const WARNING_REPEAT_MS = 60_000;

/**
 * Answers every failure with the API's error body ({@link ApiErrorBody}). Unexpected errors answer a
 * generic 500 and are logged with their stack; nothing about them reaches the client. Conditions such
 * as a store outage are logged as a one-line warning, at most once a minute each.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly warnedAt = new Map<string, number>();

  constructor(private readonly logger: ErrorLogger = nestErrorLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const { status, body, unexpected, headers, warning } = toApiError(exception);
    if (warning) this.warn(warning, status);

    if (host.getType() !== 'http') {
      if (unexpected) this.logger.error({ err: exception, context: host.getType() }, 'Unhandled error');
      const client = host.switchToWs().getClient<{ emit?: (event: string, data: unknown) => void }>();
      client?.emit?.('exception', { status, ...body });
      return;
    }

    const http = host.switchToHttp();
    const request = http.getRequest<HttpRequest>();
    const response = http.getResponse<HttpResponse>();
    if (unexpected) {
      this.logger.error(
        { err: exception, method: request.method, path: requestPath(request), status },
        'Request failed',
      );
    }
    if (response.headersSent) {
      if (!response.writableEnded) response.end();
      return;
    }
    sendApiError(response, { status, body, headers });
  }

  private warn(warning: NonNullable<ApiErrorAnswer['warning']>, status: number): void {
    const now = Date.now();
    const last = this.warnedAt.get(warning.key);
    if (last !== undefined && now - last < WARNING_REPEAT_MS) return;
    this.warnedAt.set(warning.key, now);
    this.logger.warn?.({ status }, warning.message);
  }
}
