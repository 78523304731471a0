import { Logger } from '@nestjs/common';
import type { PortHealth } from '@ringcheck/projections';
import type { Spacing } from '../../../infrastructure/limits';
import type { NodeMessages } from '../../../infrastructure/messaging';
import type { MediaStreamConnection, RealtimeVoiceAgent } from '../../ports/media-stream';
import type { CallHandle, CallProgress, PlaceCallRequest, TelephonyProvider } from '../../ports/telephony';
import { STREAM_CALL_ID } from './call-creation-params';
import { MediaStreamServer } from './media-stream-server';
import { PlacementQueue } from './placement-queue';
import { ReplayGuard } from './replay-guard';
import { TwilioCall } from './twilio-call';
import { TwilioRestClient } from './twilio-rest-client';
import type { TwilioCallback } from './twilio-routes';
import { type FormParams, isValidTwilioSignature } from './twilio-signature';
import type { TwilioSettings } from './twilio-settings';

export interface TwilioTelephonyOptions {
  /** How long an ended, answered call waits for its recording callback. */
  recordingWaitMs?: number;
  /** With several nodes: a checked callback for a call another node holds is handed to that node. */
  nodes?: NodeMessages;
  /** With several nodes: placements of every node spaced on one timeline (the calls-per-second limit is the account's). */
  spacing?: Spacing | null;
}

/** The channel callbacks travel on to the node that holds their call. */
const CALLBACKS_CHANNEL = 'twilio:callbacks';

interface RelayedCallback {
  callId: string;
  callback: TwilioCallback;
  params: FormParams;
  arrivalMs: number;
}

export type WebhookCheck = 'accepted' | 'forged' | 'replayed';

/**
 * Real calls with Twilio Programmable Voice: placements spaced by the account's calls-per-second, progress
 * from signed webhooks, the conversation held by the realtime voice agent over the call's media stream.
 */
export class TwilioTelephony implements TelephonyProvider {
  readonly adapterName = 'twilio';
  get callerNumber(): string {
    return this.settings.fromNumber;
  }
  readonly mediaStreams = new MediaStreamServer((stream) => this.acceptStream(stream));
  private readonly logger = new Logger('Twilio');
  private readonly calls = new Map<string, TwilioCall>();
  private readonly replays = new ReplayGuard();
  private readonly queue: PlacementQueue;
  private readonly rest: TwilioRestClient;
  private readonly stopRelay: () => void;

  constructor(
    readonly settings: TwilioSettings,
    private readonly agent: RealtimeVoiceAgent | null,
    private readonly options: TwilioTelephonyOptions = {},
  ) {
    this.queue = new PlacementQueue(settings.callsPerSecond, Date.now, options.spacing ?? null);
    this.rest = new TwilioRestClient(settings);
    this.stopRelay = options.nodes?.subscribe(CALLBACKS_CHANNEL, (message) => this.deliver(message as RelayedCallback)) ?? (() => undefined);
  }

  async placeCall(request: PlaceCallRequest, onProgress: (progress: CallProgress) => void): Promise<CallHandle> {
    if (!this.agent) throw new Error('No realtime voice agent is configured to hold the conversation.');
    const call = new TwilioCall(request, onProgress, {
      settings: this.settings,
      rest: this.rest,
      queue: this.queue,
      agent: this.agent,
      logger: this.logger,
      recordingWaitMs: this.options.recordingWaitMs ?? 120_000,
    });
    this.calls.set(request.callId, call);
    void call.finished.then(() => {
      if (this.calls.get(request.callId) === call) this.calls.delete(request.callId);
    });
    const callSid = await call.place();
    return { providerCallId: callSid, hangUp: () => call.hangUp(), finished: call.finished };
  }

  /**
   * Checks a webhook's signature against the URL Twilio was given and refuses a request already accepted
   * (the signature covers every parameter, so a repeat is the same request again).
   */
  checkWebhook(url: string, params: FormParams, signature: string | undefined): WebhookCheck {
    if (!isValidTwilioSignature(this.settings.authToken, url, params, signature)) return 'forged';
    return this.replays.firstSeen(`${url}\n${signature}`) ? 'accepted' : 'replayed';
  }

  /**
   * A checked webhook: applied to the call if this node holds it, else handed to the other nodes, one of
   * which may hold it. Callbacks of calls no node holds any more change nothing.
   */
  webhook(callId: string, callback: TwilioCallback, params: FormParams, arrivalMs = Date.now()): void {
    if (this.deliver({ callId, callback, params, arrivalMs })) return;
    this.options.nodes?.publish(CALLBACKS_CHANNEL, { callId, callback, params, arrivalMs }).catch((error: Error) => {
      this.logger.warn(`A callback for call ${callId} could not be handed to the other nodes: ${error.message}`);
    });
  }

  /** Applies a callback to the call it is for, if this node holds it. */
  private deliver({ callId, callback, params, arrivalMs }: RelayedCallback): boolean {
    const call = this.calls.get(callId);
    if (!call) return false;
    if (callback === 'status') call.status(params, arrivalMs);
    else if (callback === 'amd') call.machine(params);
    else call.recording(params);
    return true;
  }

  async health(): Promise<PortHealth> {
    if (!this.agent) return { adapter: this.adapterName, state: 'degraded', detail: 'no realtime voice agent is configured: calls cannot be placed' };
    return { adapter: this.adapterName, state: 'up', detail: `voice agent: ${this.agent.adapterName}` };
  }

  /** Stops placing: waiting placements leave the queue, media streams close. */
  shutdown(): void {
    this.stopRelay();
    this.queue.clear();
    this.mediaStreams.close();
  }

  private acceptStream(stream: MediaStreamConnection): boolean {
    return this.calls.get(stream.customParameters[STREAM_CALL_ID] ?? '')?.attachStream(stream) ?? false;
  }
}
