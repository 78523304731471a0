import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { ContentQueryError } from '../query/content-query-error';

/** Answers a refused query as Sanity's query API does, so @sanity/client reads its message (and code frame). */
@Catch(ContentQueryError)
export class ContentErrorFilter implements ExceptionFilter {
  catch(error: ContentQueryError, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    response.status(error.status).setHeader('Cache-Control', 'no-store').json(error.body());
  }
}
