import type { MediaStreamConnection, MediaStreamInbound, MediaStreamOutbound } from '../../../ports/media-stream';
import { MU_LAW_SILENCE } from '../mu-law';

const FRAME_BYTES = 160;
const FRAME_MS = 20;
const SILENT_FRAME = Buffer.alloc(FRAME_BYTES, MU_LAW_SILENCE);

type Queued = { audio: Buffer } | { mark: string };

/**
 * The Twilio side of a bidirectional media stream, in memory and in real time: every 20 ms it sends
 * one frame of the business's audio (silence when it has nothing to say) and plays 20 ms of what we
 * sent, echoing each mark once the audio before it has played; `clear` empties what is still queued
 * and echoes its marks, as Twilio does.
 */
export class FakeTwilioLine implements MediaStreamConnection {
  readonly callSid = 'CA00000000000000000000000000000001';
  readonly streamSid = 'MZ00000000000000000000000000000001';
  readonly customParameters = { callId: 'call-1' };
  readonly sent: MediaStreamOutbound[] = [];
  /** How much of our current stretch of audio had played at each `clear`, in bytes. */
  readonly playedAtClear: number[] = [];
  /** Every frame of business audio sent, base64. */
  readonly inboundPayloads: string[] = [];
  private readonly messageListeners: ((message: MediaStreamInbound) => void)[] = [];
  private readonly closeListeners: (() => void)[] = [];
  private businessAudio: Buffer = Buffer.alloc(0);
  private readonly businessDone: { atByte: number; resolve: () => void }[] = [];
  private businessSent = 0;
  private readonly outbound: Queued[] = [];
  private stretchPlayed = 0;
  private frames = 0;
  private sequence = 0;
  private timer: NodeJS.Timeout | null = null;
  private startedAt = 0;

  send(message: MediaStreamOutbound): void {
    this.sent.push(message);
    if (message.event === 'media') {
      if (!this.outbound.some((entry) => 'audio' in entry)) this.stretchPlayed = 0;
      this.outbound.push({ audio: Buffer.from(message.media.payload, 'base64') });
    } else if (message.event === 'mark') {
      this.outbound.push({ mark: message.mark.name });
      this.echoReachedMarks();
    } else {
      this.playedAtClear.push(this.stretchPlayed);
      const marks = this.outbound.splice(0).filter((entry): entry is { mark: string } => 'mark' in entry);
      for (const { mark } of marks) this.emit({ event: 'mark', sequenceNumber: this.nextSequence(), streamSid: this.streamSid, mark: { name: mark } });
    }
  }

  onMessage(listener: (message: MediaStreamInbound) => void): void {
    this.messageListeners.push(listener);
  }

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  close(): void {
    this.stop();
    for (const listener of this.closeListeners) listener();
  }

  start(): void {
    this.startedAt = performance.now();
    this.tick();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Queues business speech (8 kHz mu-law); resolves once it has all been sent. */
  say(audio: Buffer): Promise<void> {
    const frames = Math.ceil(audio.length / FRAME_BYTES);
    const padded = Buffer.alloc(frames * FRAME_BYTES, MU_LAW_SILENCE);
    audio.copy(padded);
    this.businessAudio = Buffer.concat([this.businessAudio, padded]);
    return new Promise((resolve) => this.businessDone.push({ atByte: this.businessSent + this.businessAudio.length, resolve }));
  }

  /** Bytes of our audio not played yet. */
  get pendingOutboundBytes(): number {
    return this.outbound.reduce((sum, entry) => sum + ('audio' in entry ? entry.audio.length : 0), 0);
  }

  /** Everything we sent as audio, in order. */
  receivedAudio(): Buffer {
    return Buffer.concat(this.sent.flatMap((message) => (message.event === 'media' ? [Buffer.from(message.media.payload, 'base64')] : [])));
  }

  get elapsedMs(): number {
    return performance.now() - this.startedAt;
  }

  private tick(): void {
    this.frames += 1;
    this.sendBusinessFrame();
    this.playFrame();
    const next = this.startedAt + this.frames * FRAME_MS;
    this.timer = setTimeout(() => this.tick(), Math.max(0, next - performance.now()));
  }

  private sendBusinessFrame(): void {
    let frame: Buffer = SILENT_FRAME;
    if (this.businessAudio.length > 0) {
      frame = this.businessAudio.subarray(0, FRAME_BYTES);
      this.businessAudio = this.businessAudio.subarray(FRAME_BYTES);
      this.businessSent += FRAME_BYTES;
    }
    const payload = frame.toString('base64');
    this.inboundPayloads.push(payload);
    this.emit({
      event: 'media',
      sequenceNumber: this.nextSequence(),
      streamSid: this.streamSid,
      media: { track: 'inbound', chunk: String(this.frames), timestamp: String(this.frames * FRAME_MS), payload },
    });
    while (this.businessDone[0] && this.businessSent >= this.businessDone[0].atByte) this.businessDone.shift()!.resolve();
  }

  private playFrame(): void {
    let budget = FRAME_BYTES;
    while (budget > 0 && this.outbound.length > 0) {
      const head = this.outbound[0]!;
      if ('mark' in head) break;
      const take = Math.min(budget, head.audio.length);
      head.audio = head.audio.subarray(take);
      budget -= take;
      this.stretchPlayed += take;
      if (head.audio.length === 0) this.outbound.shift();
      this.echoReachedMarks();
    }
  }

  private echoReachedMarks(): void {
    while (this.outbound.length > 0 && 'mark' in this.outbound[0]!) {
      const { mark } = this.outbound.shift() as { mark: string };
      this.emit({ event: 'mark', sequenceNumber: this.nextSequence(), streamSid: this.streamSid, mark: { name: mark } });
    }
  }

  private emit(message: MediaStreamInbound): void {
    for (const listener of this.messageListeners) listener(message);
  }

  private nextSequence(): string {
    return String((this.sequence += 1));
  }
}
