import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { catchError, from, mergeMap, type Observable, throwError } from 'rxjs';
import { clientContextOf } from '../../infrastructure/request';
import { CallQuota } from './call-quota';

/**
 * Charges the caller's call quota before the handler runs and refunds it when the handler fails (a bad
 * request, an unknown business, a refused command), so only calls really created are counted.
 */
@Injectable()
export class CallQuotaInterceptor implements NestInterceptor {
  constructor(private readonly quota: CallQuota) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const decision = await this.quota.charge(clientContextOf(http.getRequest<Request>()));
    if (!decision.allowed) {
      http.getResponse<Response>().setHeader('Retry-After', decision.retryAfterSeconds);
      throw decision.answer;
    }
    return next.handle().pipe(catchError((error: unknown) => from(decision.refund()).pipe(mergeMap(() => throwError(() => error)))));
  }
}

/** Marks a handler that creates a call: it spends one call of the caller's daily quota. */
export const ChargesCallQuota = () => UseInterceptors(CallQuotaInterceptor);
