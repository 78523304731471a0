import { Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiException, CsrfExempt, SkipRateLimit } from '../../../infrastructure/http';
import { TELEPHONY, type TelephonyProvider } from '../../ports/telephony';
import { readFormBody } from './form-body';
import type { TwilioCallback } from './twilio-routes';
import { TwilioTelephony } from './twilio-telephony';

const CALLBACKS: readonly string[] = ['status', 'amd', 'recording'] satisfies TwilioCallback[];

/**
 * Twilio's callbacks for the calls it places. Not browser requests: exempt from CSRF and the per-client
 * limits, and authenticated instead by `X-Twilio-Signature` over PUBLIC_URL + path and the form body.
 * A forged, unsigned or repeated request is answered 403 and changes nothing.
 */
@ApiExcludeController()
@CsrfExempt()
@SkipRateLimit()
@Controller('api/twilio')
export class TwilioWebhooksController {
  constructor(@Inject(TELEPHONY) private readonly telephony: TelephonyProvider) {}

  @Post(['calls/:callId/:callback', 'node/:route/calls/:callId/:callback'])
  @HttpCode(204)
  async callback(@Req() request: Request, @Param('callId') callId: string, @Param('callback') callback: string): Promise<void> {
    const arrivalMs = Date.now();
    const twilio = this.telephony instanceof TwilioTelephony ? this.telephony : null;
    if (!twilio || !CALLBACKS.includes(callback)) throw new ApiException(404, { error: 'not_found', detail: 'No such webhook.' });
    const params = await readFormBody(request);
    const url = twilio.settings.publicUrl + request.originalUrl;
    const check = twilio.checkWebhook(url, params, request.header('x-twilio-signature'));
    if (check !== 'accepted') {
      throw new ApiException(403, { error: 'forbidden', detail: check === 'replayed' ? 'This request was already received.' : 'The request signature is not valid.' });
    }
    twilio.webhook(callId, callback as TwilioCallback, params, arrivalMs);
  }
}
