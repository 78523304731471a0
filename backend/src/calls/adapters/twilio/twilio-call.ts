import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from '@nestjs/common';
import type { MediaStreamConnection, RealtimeCallerEvents, RealtimeCallerSession, RealtimeVoiceAgent } from '../../ports/media-stream';
import type { CallProgress, PlaceCallRequest } from '../../ports/telephony';
import { callerGoalFor, callerPersonaFor } from '../voice-agent';
import { callCreationParams, STREAM_TOKEN } from './call-creation-params';
import { callbackTimeMs } from './callback-timing';
import { type AgentReport, CallProgressTracker, type TrackerStep } from './call-progress-tracker';
import type { PlacementQueue, QueueTicket } from './placement-queue';
import type { FormParams } from './twilio-signature';
import type { TwilioRestClient } from './twilio-rest-client';
import type { TwilioSettings } from './twilio-settings';

export interface TwilioCallDeps {
  settings: TwilioSettings;
  rest: TwilioRestClient;
  queue: PlacementQueue;
  agent: RealtimeVoiceAgent;
  logger: Logger;
  /** How long an answered call waits for its recording after it ended. */
  recordingWaitMs: number;
}

/** The caller ends the call politely this long before the carrier's hard limit. */
const POLITE_END_MARGIN_MS = 15_000;
/** Beyond ringing and the longest call: a call Twilio stopped reporting on is let go. */
const SILENCE_MARGIN_MS = 120_000;

const param = (params: FormParams, name: string): string | undefined => {
  const value = params[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * One call placed with Twilio, from its turn in the placement queue to its recording: it opens the voice
 * agent's session while the phone rings, feeds Twilio's callbacks through the progress tracker, connects
 * the media stream that presents its one-time token, and ends the call the way its phase needs.
 */
export class TwilioCall {
  readonly finished: Promise<void>;
  private resolveFinished!: () => void;
  private readonly streamToken = randomBytes(24).toString('base64url');
  private callSid: string | null = null;
  private ticket: QueueTicket | null = null;
  private tracker: CallProgressTracker | null = null;
  private session: RealtimeCallerSession | null = null;
  private streamTaken = false;
  private recordingTaken = false;
  private recordingDone = false;
  /** A downloaded recording waiting for the call's end to be reported. */
  private downloaded: { wav: Buffer | null; note: string | null } | null = null;
  private hangUpRequested = false;
  private done = false;
  private lastAtMs = 0;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly request: PlaceCallRequest,
    private readonly onProgress: (progress: CallProgress) => void,
    private readonly deps: TwilioCallDeps,
  ) {
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
  }

  /** Waits for the call's turn, then dials; resolves with the CallSid. */
  async place(): Promise<string> {
    const { settings, rest, agent } = this.deps;
    this.ticket = this.deps.queue.enqueue();
    if (!(await this.ticket.turn)) {
      this.finish();
      throw new Error('The call was withdrawn before it was placed.');
    }
    const maxDurationMs = settings.maxDurationSeconds * 1000;
    this.session = agent.prepare({
      callId: this.request.callId,
      business: this.request.business,
      goal: callerGoalFor(this.request.business),
      persona: callerPersonaFor(this.request.callId),
      maxDurationMs: Math.max(maxDurationMs / 2, maxDurationMs - POLITE_END_MARGIN_MS),
    });
    this.tracker = new CallProgressTracker(Date.now(), settings.maxDurationSeconds);
    if (this.hangUpRequested) this.tracker.callerHangsUp();
    try {
      const created = await rest.createCall(callCreationParams(settings, { callId: this.request.callId, to: this.request.to, streamToken: this.streamToken }));
      this.callSid ??= created.sid;
    } catch (error) {
      this.finish();
      throw error;
    }
    this.later(() => this.finish(), (settings.ringTimeoutSeconds + settings.maxDurationSeconds) * 1000 + SILENCE_MARGIN_MS);
    if (this.hangUpRequested) await this.hangUp();
    return this.callSid;
  }

  /** Ends the call in whatever phase it is: leaves the queue, cancels the ringing, or hangs up. */
  async hangUp(): Promise<void> {
    this.hangUpRequested = true;
    this.tracker?.callerHangsUp();
    if (this.ticket?.withdraw() || this.done || !this.callSid || this.tracker?.ended) return;
    await this.endCall(this.tracker?.connected ? 'completed' : 'canceled');
  }

  status(params: FormParams, arrivalMs: number): void {
    if (!this.tracker || !this.ownsSid(params)) return;
    const status = param(params, 'CallStatus') ?? '';
    const step = this.tracker.status({
      status,
      atMs: callbackTimeMs(param(params, 'Timestamp'), arrivalMs),
      durationSeconds: Number(param(params, 'CallDuration') ?? 0) || 0,
      reason: param(params, 'ErrorMessage') ?? (param(params, 'SipResponseCode') ? `SIP ${param(params, 'SipResponseCode')}` : undefined),
    });
    this.apply(step);
    // A cancel that crossed the answer leaves the call up: hang it up now.
    if (this.hangUpRequested && status === 'in-progress') void this.endCall('completed');
    if (this.tracker.ended) this.afterEnd();
  }

  machine(params: FormParams): void {
    if (!this.tracker || !this.ownsSid(params)) return;
    this.apply(this.tracker.machine(param(params, 'AnsweredBy') ?? 'unknown'));
  }

  recording(params: FormParams): void {
    const url = param(params, 'RecordingUrl');
    if (!this.tracker || !this.ownsSid(params) || param(params, 'RecordingStatus') !== 'completed' || !url || this.recordingTaken) return;
    this.recordingTaken = true;
    void this.deps.rest
      .downloadRecording(url)
      .then(
        (wav) => ({ wav, note: null }),
        (error: Error) => {
          this.deps.logger.warn(`Recording of call ${this.request.callId} could not be downloaded: ${error.message}`);
          return { wav: null, note: 'The recording could not be downloaded from the carrier.' };
        },
      )
      .then((recording) => {
        if (this.done) return;
        this.downloaded = recording;
        this.recordingDone = true;
        if (this.tracker?.ended) this.afterEnd();
      });
  }

  /** Connects the media stream if it presents this call's one-time token. */
  attachStream(stream: MediaStreamConnection): boolean {
    const token = Buffer.from(stream.customParameters[STREAM_TOKEN] ?? '');
    const expected = Buffer.from(this.streamToken);
    if (this.streamTaken || this.done || !this.session || token.length !== expected.length || !timingSafeEqual(token, expected)) return false;
    if (this.callSid && stream.callSid !== this.callSid) return false;
    this.streamTaken = true;
    const agentReport = (report: AgentReport) => this.tracker && this.emit(this.tracker.agent(report));
    const events: RealtimeCallerEvents = {
      transcript: (segment) => agentReport({ kind: 'transcript', segment }),
      digits: (digits, atMs) => agentReport({ kind: 'dtmf', digits, atMs }),
      ivrLoop: (atMs) => agentReport({ kind: 'ivr_loop', atMs }),
      hangUp: () => void this.hangUp(),
    };
    this.session.attach(stream, events);
    return true;
  }

  private ownsSid(params: FormParams): boolean {
    const sid = param(params, 'CallSid');
    if (!sid) return false;
    // Twilio may post 'initiated' before its answer to the create request has arrived.
    this.callSid ??= sid;
    return sid === this.callSid;
  }

  private apply(step: TrackerStep): void {
    this.emit(step.reports);
    if (step.hangUp) {
      this.hangUpRequested = true;
      this.tracker?.callerHangsUp();
      void this.endCall('completed');
    }
  }

  private afterEnd(): void {
    this.closeSession();
    this.reportRecording();
    if (!this.tracker?.answered || this.recordingDone) return this.finish();
    this.later(() => this.finish(), this.deps.recordingWaitMs);
  }

  private async endCall(status: 'canceled' | 'completed'): Promise<void> {
    if (!this.callSid) return;
    await this.deps.rest
      .updateCallStatus(this.callSid, status)
      .catch((error: Error) => this.deps.logger.warn(`Ending call ${this.request.callId} failed: ${error.message}`));
  }

  private emit(reports: CallProgress[]): void {
    for (const report of reports) this.report(report);
  }

  private report(progress: CallProgress): void {
    // Callback times are cut to the second and a transcription may finish after later speech was
    // reported: a report is never dated before the one before it.
    this.lastAtMs = Math.max(this.lastAtMs, progress.atMs);
    try {
      this.onProgress(progress.atMs === this.lastAtMs ? progress : { ...progress, atMs: this.lastAtMs });
    } catch {
      // A failing listener must not stop the call.
    }
  }

  private later(work: () => void, ms: number): void {
    const timer = setTimeout(work, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /**
   * The recording callback may overtake the final status: the recording is reported last, at the call's
   * end on the call clock (its RecordingDuration counts from the answer).
   */
  private reportRecording(): void {
    const recording = this.downloaded;
    this.downloaded = null;
    if (recording) this.report({ kind: 'recording', atMs: this.lastAtMs, ...recording });
  }

  private finish(): void {
    if (this.done) return;
    this.reportRecording();
    this.done = true;
    this.timers.forEach(clearTimeout);
    this.closeSession();
    this.resolveFinished();
  }

  private closeSession(): void {
    const session = this.session;
    this.session = null;
    session?.close();
  }
}
