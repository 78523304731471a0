import { MU_LAW_SILENCE, pcmFromMuLaw } from '../../openai-realtime/mu-law';
import { detectDtmf } from '../../openai-realtime/testing/dtmf-detector';

const FRAME_BYTES = 160;
const FRAME_MS = 20;
const SILENT_FRAME = Buffer.alloc(FRAME_BYTES, MU_LAW_SILENCE);
/** The business answers once the caller has been quiet this long. */
const REPLY_AFTER_QUIET_MS = 300;

/**
 * When the business says a turn: `answer` at once; `reply` once the caller has said something and
 * gone quiet; `keys` once the caller has pressed those keys (heard as tones in its audio) and gone
 * quiet; `overCallerMs` that far into the caller's next line, talking over it.
 */
export type TurnCue = 'answer' | 'reply' | { keys: string } | { overCallerMs: number };

/** One thing the business says, as 8 kHz mu-law. */
export interface BusinessTurn {
  cue: TurnCue;
  audio: Buffer;
}

type Outbound = { audio: Buffer } | { mark: string };

/**
 * A bidirectional media stream played out as Twilio does, in real time: every 20 ms one frame of the
 * business (silence between its turns) goes to the app and 20 ms of the app's queued audio is played,
 * each mark echoed once the audio before it has played; `clear` drops what is still queued. What both
 * sides had on the line, frame by frame, makes the recording.
 */
export class StandInConversation {
  /** Every frame the business sent and every frame the caller had on the line, time-aligned. */
  readonly business: Buffer[] = [];
  readonly caller: Buffer[] = [];
  clears = 0;
  private readonly outbound: Outbound[] = [];
  private turn = 0;
  private speaking: Buffer | null = null;
  /** The caller's audio played since the business last spoke, and how long the line has been quiet. */
  private heard: Buffer[] = [];
  private quietMs = 0;
  private callerLineMs = 0;

  constructor(
    private readonly turns: readonly BusinessTurn[],
    private readonly sendMedia: (payload: Buffer) => void,
    private readonly echoMark: (name: string) => void,
  ) {}

  /** A message the app sent on the stream. */
  fromApp(message: { event: string; media?: { payload: string }; mark?: { name: string } }): void {
    if (message.event === 'media') this.outbound.push({ audio: Buffer.from(message.media!.payload, 'base64') });
    else if (message.event === 'mark') {
      this.outbound.push({ mark: message.mark!.name });
      this.echoReachedMarks();
    } else if (message.event === 'clear') {
      this.clears += 1;
      for (const entry of this.outbound.splice(0)) if ('mark' in entry) this.echoMark(entry.mark);
    }
  }

  /** Plays the line until `stopped()`; the business falls silent after its last turn. */
  async run(stopped: () => boolean): Promise<void> {
    const startedAt = performance.now();
    for (let frames = 1; !stopped(); frames += 1) {
      this.tick();
      const next = startedAt + frames * FRAME_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  }

  private tick(): void {
    if (!this.speaking && this.turn < this.turns.length && this.cued(this.turns[this.turn]!.cue)) {
      this.speaking = this.turns[this.turn]!.audio;
      this.turn += 1;
      this.heard = [];
      this.callerLineMs = 0;
    }
    let frame = SILENT_FRAME;
    if (this.speaking) {
      frame = Buffer.alloc(FRAME_BYTES, MU_LAW_SILENCE);
      this.speaking.copy(frame, 0, 0, FRAME_BYTES);
      this.speaking = this.speaking.length > FRAME_BYTES ? this.speaking.subarray(FRAME_BYTES) : null;
    }
    this.business.push(frame);
    this.sendMedia(frame);
    this.playCallerFrame();
  }

  private cued(cue: TurnCue): boolean {
    if (cue === 'answer') return true;
    if (typeof cue === 'object' && 'overCallerMs' in cue) return this.callerLineMs >= cue.overCallerMs;
    if (this.heard.length === 0 || this.quietMs < REPLY_AFTER_QUIET_MS) return false;
    if (cue === 'reply') return true;
    return detectDtmf(pcmFromMuLaw(Buffer.concat(this.heard))).includes(cue.keys);
  }

  private playCallerFrame(): void {
    const frame = Buffer.alloc(FRAME_BYTES, MU_LAW_SILENCE);
    let filled = 0;
    while (filled < FRAME_BYTES && this.outbound[0] && 'audio' in this.outbound[0]) {
      const head = this.outbound[0];
      const take = Math.min(FRAME_BYTES - filled, head.audio.length);
      head.audio.copy(frame, filled, 0, take);
      head.audio = head.audio.subarray(take);
      filled += take;
      if (head.audio.length === 0) this.outbound.shift();
      this.echoReachedMarks();
    }
    this.caller.push(frame);
    if (filled > 0) {
      this.heard.push(frame.subarray(0, filled));
      this.quietMs = 0;
      this.callerLineMs += FRAME_MS;
    } else {
      this.quietMs += FRAME_MS;
    }
  }

  private echoReachedMarks(): void {
    while (this.outbound[0] && 'mark' in this.outbound[0]) this.echoMark((this.outbound.shift() as { mark: string }).mark);
  }
}
