import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { HttpRequest, HttpResponse } from './request-types';
import { requestPath } from './request-types';
import { toApiError } from './to-api-error';

/** What the filter needs to report server failures; a pino `Logger` fits. */
export interface ErrorLogger {
  error(payload: object, message: string): void;
}

/** Falls back to Nest's logger (which is pino once `PinoLoggerService` is the app logger). */
const nestErrorLogger: ErrorLogger = {
  error: (payload, message) => new Logger('ApiExceptionFilter').error({ ...payload, msg: message }),
};

/**
 * Answers every failure with the API's error body ({@link ApiErrorBody}). Unexpected errors answer a
 * generic 500 and are logged with their stack; nothing about them reaches the client.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: ErrorLogger = nestErrorLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const { status, body, unexpected } = toApiError(exception);

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
    const payload = JSON.stringify(body);
    response.statusCode = status;
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Content-Length', Buffer.byteLength(payload));
    response.end(payload);
  }
}
