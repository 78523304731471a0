/** Mu-law at 8 kHz: eight bytes per millisecond. */
export const MU_LAW_BYTES_PER_MS = 8;

/** Bytes of audio a base64 string holds, without decoding it. */
export function base64Bytes(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return (payload.length / 4) * 3 - padding;
}

interface QueuedChunk {
  mark: string;
  itemId: string;
  /** Where the chunk starts and ends within its item's audio. */
  itemStartMs: number;
  itemEndMs: number;
  queuedAtMs: number;
}

export interface Interruption {
  itemId: string;
  /** How much of the item the business has heard. */
  audioEndMs: number;
}

/**
 * What the phone line has played of the audio we sent. Twilio plays chunks in order and echoes the
 * `mark` that follows each one when it has been played, so the chunks still queued start with the one
 * playing now; how far into it we are is the time since the previous mark came back (or since it was
 * sent, when the line was idle), never more than its length.
 */
export class PlaybackTracker {
  private readonly queue: QueuedChunk[] = [];
  private head = 0;
  private readonly itemLengthMs = new Map<string, number>();
  private lastPlayedAtMs = 0;
  private sequence = 0;
  /** Length of the chunks still queued. */
  private queuedMs = 0;

  /** Records a chunk sent to the line; returns the name of the mark to send after it. */
  queued(itemId: string, bytes: number, nowMs: number): string {
    const itemStartMs = this.itemLengthMs.get(itemId) ?? 0;
    const itemEndMs = itemStartMs + bytes / MU_LAW_BYTES_PER_MS;
    this.itemLengthMs.set(itemId, itemEndMs);
    const mark = `p${(this.sequence += 1)}`;
    this.queuedMs += itemEndMs - itemStartMs;
    this.queue.push({ mark, itemId, itemStartMs, itemEndMs, queuedAtMs: nowMs });
    return mark;
  }

  /** A mark came back; returns false for marks that are not (or no longer) ours. */
  played(mark: string, nowMs: number): boolean {
    let index = this.head;
    while (index < this.queue.length && this.queue[index]!.mark !== mark) index += 1;
    if (index === this.queue.length) return false;
    for (; this.head <= index; this.head += 1) this.queuedMs -= this.queue[this.head]!.itemEndMs - this.queue[this.head]!.itemStartMs;
    this.lastPlayedAtMs = nowMs;
    if (this.head === this.queue.length) this.reset();
    return true;
  }

  get playing(): boolean {
    return this.head < this.queue.length;
  }

  /** The item being played now, if any. */
  get currentItemId(): string | null {
    return this.playing ? this.queue[this.head]!.itemId : null;
  }

  /** Whether some of the item's audio is still to play. */
  holds(itemId: string): boolean {
    for (let index = this.head; index < this.queue.length; index += 1) if (this.queue[index]!.itemId === itemId) return true;
    return false;
  }

  /** Milliseconds of audio still to play. */
  remainingMs(nowMs: number): number {
    return this.playing ? Math.max(0, this.queuedMs - this.elapsedInHead(nowMs)) : 0;
  }

  /** The line is cleared: what was heard of the playing item; every queued chunk is forgotten. */
  interrupt(nowMs: number): Interruption | null {
    if (!this.playing) return null;
    const chunk = this.queue[this.head]!;
    const audioEndMs = Math.round(chunk.itemStartMs + this.elapsedInHead(nowMs));
    this.reset();
    return { itemId: chunk.itemId, audioEndMs };
  }

  private elapsedInHead(nowMs: number): number {
    const chunk = this.queue[this.head]!;
    const startedAt = Math.max(chunk.queuedAtMs, this.lastPlayedAtMs);
    return Math.min(chunk.itemEndMs - chunk.itemStartMs, Math.max(0, nowMs - startedAt));
  }

  private reset(): void {
    this.queue.length = 0;
    this.head = 0;
    this.queuedMs = 0;
  }
}
