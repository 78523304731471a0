import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { TELEPHONY, type TelephonyProvider } from '../../ports/telephony';
import { TwilioTelephony } from './twilio-telephony';

/** Puts the Twilio media stream endpoint on the app's HTTP server when Twilio places the calls. */
@Injectable()
export class TwilioMediaStreamLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(TELEPHONY) private readonly telephony: TelephonyProvider,
    private readonly http: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    if (this.telephony instanceof TwilioTelephony) this.telephony.mediaStreams.attach(this.http.httpAdapter.getHttpServer());
  }

  onApplicationShutdown(): void {
    if (this.telephony instanceof TwilioTelephony) this.telephony.shutdown();
  }
}
