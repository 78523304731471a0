import type {
  CallerHangUpReason,
  MediaStreamConnection,
  MediaStreamInbound,
  RealtimeCallerEvents,
  RealtimeCallerSession,
  RealtimeCallSetup,
} from '../../ports/media-stream';
import type { TranscriptSegment } from '../../ports/telephony';
import { callerInstructions } from '../../ports/voice-agent';
import { WRAP_UP_INSTRUCTIONS, wrapUpReason, type WrapUpReason } from './call-limits';
import { CALLER_TOOLS, callerToolCall, TOOL_GUIDANCE } from './caller-tools';
import { dtmfMuLaw, keypadDigits } from './dtmf-tones';
import { IvrLoopDetector } from './ivr-loop-detector';
import { base64Bytes, MU_LAW_BYTES_PER_MS, PlaybackTracker } from './playback-tracker';
import {
  appendAudioMessage,
  createResponse,
  functionCallOutput,
  type RealtimeServerEvent,
  sessionUpdate,
  truncateItem,
} from './realtime-protocol';
import { RealtimeModelSocket, type RealtimeEndpoint } from './realtime-model-socket';
import { confidenceOf, TranscriptAssembler } from './transcript-assembler';

/** Model audio that comes before the answer: up to two seconds are kept for it. */
const MAX_EARLY_AUDIO_BYTES = 2000 * MU_LAW_BYTES_PER_MS;
/** Longer model deltas go out as several media messages of at most 300 ms (a multiple of 4 base64 characters). */
const MAX_MEDIA_CHARS = 3200;
const WATCH_EVERY_MS = 200;
/** A goodbye that never comes or never finishes playing does not hold the line open longer than this. */
const WRAP_UP_GRACE_MS = 10_000;
const DRAIN_SLACK_MS = 1000;
/** Our keypresses are never cut short by the business talking. */
const KEYPRESS_ITEM = 'keypress';

export interface SessionLogger {
  warn(message: string): void;
  error(message: string): void;
}

export interface RealtimeSessionOptions {
  endpoint: RealtimeEndpoint;
  voice: string;
  silenceMs: number;
  logger: SessionLogger;
}

/**
 * One call's caller on the realtime model, bridging the phone line's media stream to the model's
 * socket. Audio is mu-law on both sides and passes through untouched.
 */
export class OpenAiRealtimeSession implements RealtimeCallerSession {
  private readonly model: RealtimeModelSocket;
  private readonly transcript = new TranscriptAssembler();
  private readonly loops = new IvrLoopDetector();
  private readonly playback = new PlaybackTracker();
  private stream: MediaStreamConnection | null = null;
  private events: RealtimeCallerEvents | null = null;
  private answeredAt = 0;
  private early: [itemId: string, payload: string][] = [];
  private earlyBytes = 0;
  private businessSpeaking = false;
  private lastActivityMs = 0;
  private responseActive = false;
  private pendingOutputs: [callId: string, output: unknown][] = [];
  /** Transcripts of the caller's items waiting for their audio to finish playing. */
  private readonly callerTexts = new Map<string, string>();
  /**
   * Set once the call is to end: after the model's reply that called end_call has played, or after
   * the goodbye we asked for (on silence or at the time limit) has.
   */
  private ending: { kind: 'after_reply'; reason: CallerHangUpReason } | { kind: 'wrap_up'; reason: WrapUpReason; goodbyeRequested: boolean } | null = null;
  private hangUpWhenDrained: CallerHangUpReason | null = null;
  private finished: CallerHangUpReason | 'closed' | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly setup: RealtimeCallSetup,
    private readonly options: RealtimeSessionOptions,
  ) {
    this.model = new RealtimeModelSocket(options.endpoint, {
      onEvent: (event) => this.onModelEvent(event),
      onDrop: (reason) => this.fail(`Realtime connection of call ${setup.callId} dropped: ${reason}`),
    });
    const instructions = `${callerInstructions(setup.business, setup.goal, setup.persona)}\n${TOOL_GUIDANCE}`;
    this.model.send(sessionUpdate({ model: options.endpoint.model, instructions, voice: options.voice, tools: CALLER_TOOLS }));
  }

  attach(stream: MediaStreamConnection, events: RealtimeCallerEvents): void {
    this.stream = stream;
    this.events = events;
    this.answeredAt = performance.now();
    if (this.finished && this.finished !== 'closed') {
      events.hangUp(this.finished, 0);
      return;
    }
    stream.onMessage((message) => this.onLineMessage(message));
    stream.onClose(() => this.close());
    for (const [itemId, payload] of this.early.splice(0)) this.play(itemId, payload);
    const watch = setInterval(() => this.watch(), WATCH_EVERY_MS);
    this.timers.add(watch);
  }

  close(): void {
    this.finished ??= 'closed';
    this.stop();
  }

  private get nowMs(): number {
    return this.stream ? performance.now() - this.answeredAt : 0;
  }

  private onLineMessage(message: MediaStreamInbound): void {
    if (this.finished) return;
    if (message.event === 'media') this.model.sendRaw(appendAudioMessage(message.media.payload));
    else if (message.event === 'mark') this.onMarkPlayed(message.mark.name);
    else if (message.event === 'stop') this.close();
  }

  private onModelEvent(event: RealtimeServerEvent): void {
    if (this.finished) return;
    switch (event.type) {
      case 'input_audio_buffer.speech_started':
        this.businessSpeaking = true;
        this.lastActivityMs = this.nowMs;
        this.transcript.businessSpeechStarted(event.item_id, event.audio_start_ms);
        this.bargeIn();
        break;
      case 'input_audio_buffer.speech_stopped':
        this.businessSpeaking = false;
        this.lastActivityMs = this.nowMs;
        this.transcript.businessSpeechStopped(event.item_id, event.audio_end_ms);
        break;
      case 'conversation.item.input_audio_transcription.completed':
        this.onBusinessTranscript(event.item_id, event.transcript, confidenceOf(event.logprobs));
        break;
      case 'response.created':
        this.responseActive = true;
        break;
      case 'response.output_audio.delta':
        this.play(event.item_id, event.delta);
        break;
      case 'response.output_audio_transcript.done':
        this.callerTexts.set(event.item_id, event.transcript);
        this.reportPlayedCallerItems();
        break;
      case 'response.function_call_arguments.done':
        this.onToolCall(event.call_id, event.name, event.arguments);
        break;
      case 'response.done':
        this.onResponseDone();
        break;
      case 'error':
        this.onModelError(event.error);
        break;
    }
  }

  /** Sends model audio (or our keypresses) to the line, followed by a mark to learn when it has played. */
  private play(itemId: string, payload: string): void {
    const bytes = base64Bytes(payload);
    const stream = this.stream;
    if (!stream) {
      if (this.earlyBytes + bytes <= MAX_EARLY_AUDIO_BYTES) this.early.push([itemId, payload]);
      else if (this.earlyBytes <= MAX_EARLY_AUDIO_BYTES) this.options.logger.warn(`Call ${this.setup.callId}: model audio before the answer dropped`);
      this.earlyBytes += bytes;
      return;
    }
    const now = this.nowMs;
    if (itemId !== KEYPRESS_ITEM) this.transcript.callerAudio(itemId, now + this.playback.remainingMs(now), bytes / MU_LAW_BYTES_PER_MS);
    const { streamSid } = stream;
    if (payload.length <= MAX_MEDIA_CHARS) stream.send({ event: 'media', streamSid, media: { payload } });
    else for (let at = 0; at < payload.length; at += MAX_MEDIA_CHARS) stream.send({ event: 'media', streamSid, media: { payload: payload.slice(at, at + MAX_MEDIA_CHARS) } });
    stream.send({ event: 'mark', streamSid, mark: { name: this.playback.queued(itemId, bytes, now) } });
  }

  private onMarkPlayed(name: string): void {
    if (!this.playback.played(name, this.nowMs)) return;
    this.reportPlayedCallerItems();
    if (!this.playback.playing) this.onDrained();
  }

  /** The caller's lines go into the transcript once they have played, or been cut short, so their end is known. */
  private reportPlayedCallerItems(): void {
    for (const [itemId, text] of this.callerTexts) {
      if (this.playback.holds(itemId)) continue;
      this.callerTexts.delete(itemId);
      this.report(this.transcript.callerTranscribed(itemId, text, this.nowMs));
    }
  }

  private onDrained(): void {
    this.lastActivityMs = this.nowMs;
    if (this.hangUpWhenDrained) this.finish(this.hangUpWhenDrained);
  }

  /** The business talks over the caller: stop our audio and tell the model how much was heard. */
  private bargeIn(): void {
    const current = this.playback.currentItemId;
    if (!current || current === KEYPRESS_ITEM || !this.stream) return;
    const heard = this.playback.interrupt(this.nowMs)!;
    this.stream.send({ event: 'clear', streamSid: this.stream.streamSid });
    this.model.send(truncateItem(heard.itemId, heard.audioEndMs));
    this.transcript.callerTruncated(heard.itemId, heard.audioEndMs);
    this.reportPlayedCallerItems();
    this.onDrained();
  }

  private onBusinessTranscript(itemId: string, text: string, confidence: number): void {
    this.report(this.transcript.businessTranscribed(itemId, text, confidence, this.nowMs));
    if (this.loops.heard(text)) {
      this.events?.ivrLoop(this.nowMs);
      this.finish('ivr_loop');
    }
  }

  private onToolCall(callId: string, name: string, args: string): void {
    const call = callerToolCall(name, args);
    if (call.name === 'press_keys') {
      const digits = keypadDigits(call.digits);
      if (digits) {
        this.play(KEYPRESS_ITEM, dtmfMuLaw(digits).toString('base64'));
        this.events?.digits(digits, this.nowMs);
      }
      this.pendingOutputs.push([callId, digits ? { pressed: digits } : { error: 'no keypad keys in digits' }]);
    } else if (call.name === 'end_call') {
      this.ending ??= { kind: 'after_reply', reason: call.reason };
    } else {
      this.pendingOutputs.push([callId, { error: `no tool named ${call.tool}` }]);
    }
  }

  private onResponseDone(): void {
    this.responseActive = false;
    const outputs = this.pendingOutputs.splice(0);
    for (const [callId, output] of outputs) this.model.send(functionCallOutput(callId, output));
    if (this.ending?.kind === 'after_reply') this.hangUpAfterPlayback(this.ending.reason);
    else if (this.ending?.kind === 'wrap_up') this.wrapUp(this.ending);
    else if (outputs.length > 0) this.model.send(createResponse());
  }

  private watch(): void {
    if (this.finished || this.ending) return;
    const reason = wrapUpReason({
      nowMs: this.nowMs,
      maxDurationMs: this.setup.maxDurationMs,
      silenceMs: this.options.silenceMs,
      lastActivityMs: this.lastActivityMs,
      businessSpeaking: this.businessSpeaking,
      callerPlaying: this.playback.playing,
    });
    if (!reason) return;
    const ending = { kind: 'wrap_up' as const, reason, goodbyeRequested: false };
    this.ending = ending;
    this.after(WRAP_UP_GRACE_MS, () => this.finish(reason));
    if (!this.responseActive) this.wrapUp(ending);
  }

  /** Asks the model for a goodbye (once no reply is running); the call ends once that goodbye has played. */
  private wrapUp(ending: { reason: WrapUpReason; goodbyeRequested: boolean }): void {
    if (ending.goodbyeRequested) return this.hangUpAfterPlayback(ending.reason);
    ending.goodbyeRequested = true;
    this.model.send(createResponse(WRAP_UP_INSTRUCTIONS[ending.reason]));
  }

  private hangUpAfterPlayback(reason: CallerHangUpReason): void {
    if (!this.playback.playing) return this.finish(reason);
    this.hangUpWhenDrained = reason;
    this.after(this.playback.remainingMs(this.nowMs) + DRAIN_SLACK_MS, () => this.finish(reason));
  }

  private onModelError(error: { type?: string; code?: string | null; message?: string }): void {
    const what = `${error.type ?? 'error'}${error.code ? ` (${error.code})` : ''}: ${error.message ?? ''}`;
    // A request of ours the model refused (a late truncate, a reply while one is running) is not fatal.
    if (error.type === 'invalid_request_error') this.options.logger.warn(`Realtime model of call ${this.setup.callId} refused a request: ${what}`);
    else this.fail(`Realtime model of call ${this.setup.callId} failed: ${what}`);
  }

  private fail(message: string): void {
    if (this.finished) return;
    this.options.logger.error(message);
    this.finish('agent_error');
  }

  private finish(reason: CallerHangUpReason): void {
    if (this.finished) return;
    this.finished = reason;
    this.stop();
    const cut = this.playback.interrupt(this.nowMs);
    if (cut) this.transcript.callerTruncated(cut.itemId, cut.audioEndMs);
    this.reportPlayedCallerItems();
    this.events?.hangUp(reason, this.nowMs);
  }

  private report(segment: TranscriptSegment | null): void {
    if (segment) this.events?.transcript(segment);
  }

  private after(delayMs: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action();
    }, delayMs);
    this.timers.add(timer);
  }

  private stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.model.close();
  }
}
