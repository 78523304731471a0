import { MessageChannel, type MessagePort, receiveMessageOnPort, type Worker } from 'node:worker_threads';
import { startModuleWorker } from '../threads/module-worker';
import { documentKey } from './collection-tables';
import { encodeWrites, LOADER_SLOTS, LoaderSlot, type LoaderMessage, type LoaderReply, type LoaderThreadData, type LoadOp } from './collection-loader-protocol';

/** Documents sent and not yet committed at most, before a sender waits for the thread. */
const MAX_QUEUED_DOCUMENTS = 2000;
/** How often a wait for the thread looks whether it is still alive. */
const ALIVE_CHECK_MS = 100;

/** A document sent to the thread: its text, or null when deleted. */
export interface LoadedText {
  text: string;
  tagged: boolean;
}

/**
 * The main thread's side of a collection loader (see collection-loader-thread.ts): collections being
 * loaded, which nobody reads, are written on a thread of their own while this one goes on building
 * their documents. Sending returns at once; what was sent and is not committed yet is answered from
 * here, so a reader never waits for the thread; waiting (drain, release) blocks this thread, which is
 * what a rebuild wants before it makes a loaded collection searchable.
 */
export class CollectionLoader {
  private readonly flags = new Int32Array(new SharedArrayBuffer(LOADER_SLOTS * Int32Array.BYTES_PER_ELEMENT));
  private readonly worker: Worker;
  private readonly replies: MessagePort;
  private sent = 0;
  /** Of each document sent and not known committed: its latest text, and the message that carries it. */
  private readonly inFlight = new Map<string, { seq: number; text: LoadedText | null }>();
  private readonly sentKeys: { seq: number; keys: string[] }[] = [];
  private commitsSeen = 0;
  private failure: Error | undefined;

  constructor(
    file: string,
    /** Makes the error to throw from one the thread reported (its message and SQLite code). */
    private readonly toError: (error: { message: string; code?: string }) => Error,
  ) {
    this.worker = startModuleWorker(__dirname, 'collection-loader-thread', { file, slots: this.flags.buffer as SharedArrayBuffer } satisfies LoaderThreadData);
    this.worker.unref();
    const { port1, port2 } = new MessageChannel();
    this.replies = port1;
    this.post({ kind: 'connect', seq: this.sent + 1, replies: port2 }, [port2]);
  }

  /** Sends writes to the thread, one transaction there, waiting first while too many are queued. */
  write(writes: [table: number, ops: LoadOp[]][]): void {
    this.assertHealthy();
    while (this.saturated) this.waitFor(this.done() + 1);
    const seq = this.sent + 1;
    const keys: string[] = [];
    for (const [table, ops] of writes) {
      for (const op of ops) {
        const key = documentKey(table, op.id);
        keys.push(key);
        this.inFlight.set(key, { seq, text: 'deleted' in op ? null : { text: op.text, tagged: op.tagged } });
      }
    }
    this.sentKeys.push({ seq, keys });
    this.post({ kind: 'write', seq, writes: encodeWrites(writes) });
    this.collect();
  }

  /** A document sent and not committed yet: its text, null when deleted, undefined when the file has its latest state. */
  pending(table: number, id: string): LoadedText | null | undefined {
    this.collect();
    return this.inFlight.get(documentKey(table, id))?.text;
  }

  /** Waits until everything sent is committed. */
  drain(): void {
    this.waitFor(this.sent);
    this.collect();
    this.assertHealthy();
  }

  /** Waits for the table's writes, and answers its notes of documents written again; the thread forgets the table. */
  release(table: number): [id: string, from: number][] {
    this.drain();
    const seq = this.sent + 1;
    this.post({ kind: 'release', seq, table });
    this.waitFor(seq);
    const reply = this.reply(seq);
    if ('error' in reply) throw this.fail(reply.error);
    return reply.notes;
  }

  /**
   * Has the thread make the table's keys right and searchable once its writes are in (one transaction
   * there, which may take seconds), waiting without blocking this thread; the thread forgets the table.
   */
  async finish(table: number): Promise<void> {
    this.assertHealthy();
    const seq = this.sent + 1;
    this.post({ kind: 'finish', seq, table });
    await this.waitAsyncFor(seq);
    this.collect();
    this.assertHealthy();
  }

  /** Whether a write now would wait for the thread (too many documents sent and not committed). */
  get saturated(): boolean {
    this.collect();
    let queued = 0;
    for (const { keys } of this.sentKeys) queued += keys.length;
    return queued >= MAX_QUEUED_DOCUMENTS;
  }

  /** Waits, without blocking this thread, until a write would not wait for the thread. */
  async room(): Promise<void> {
    while (this.saturated) await this.waitAsyncFor(this.done() + 1);
    this.assertHealthy();
  }

  /** Waits without blocking this thread until the thread has handled message `seq`. */
  private async waitAsyncFor(seq: number): Promise<void> {
    // A wait in progress does not keep the process alive by itself; the thread does, while it works.
    this.worker.ref();
    try {
      for (let done = this.done(); done < seq; done = this.done()) {
        if (this.worker.threadId === -1) throw this.fail({ message: 'The collection loader thread ended' });
        const waiting = (Atomics as unknown as AtomicsWaitAsync).waitAsync(this.flags, LoaderSlot.Done, done, ALIVE_CHECK_MS);
        if (waiting.async) await waiting.value;
      }
    } finally {
      this.worker.unref();
    }
  }

  /** Whether the thread committed anything since this was last asked. */
  committedSince(): boolean {
    const commits = Atomics.load(this.flags, LoaderSlot.Commits);
    if (commits === this.commitsSeen) return false;
    this.commitsSeen = commits;
    return true;
  }

  /** Waits for what was sent, then ends the thread (its connection closed before the caller closes its own). */
  close(): void {
    if (this.worker.threadId === -1) return;
    const seq = this.sent + 1;
    this.post({ kind: 'close', seq });
    this.waitFor(seq, false);
    this.replies.close();
  }

  /** Ends the thread without waiting for it, after a failure: what it had not written is abandoned. */
  abandon(): void {
    void this.worker.terminate();
    this.replies.close();
  }

  private post(message: LoaderMessage, transfer: MessagePort[] = []): void {
    this.sent = message.seq;
    this.worker.postMessage(message, transfer);
  }

  private done(): number {
    return Atomics.load(this.flags, LoaderSlot.Done);
  }

  /** Blocks until the thread has handled message `seq`; a thread that ended meanwhile is a failure. */
  private waitFor(seq: number, checkFailed = true): void {
    for (let done = this.done(); done < seq; done = this.done()) {
      if (Atomics.wait(this.flags, LoaderSlot.Done, done, ALIVE_CHECK_MS) === 'timed-out' && this.worker.threadId === -1 && this.done() < seq) {
        throw this.fail({ message: 'The collection loader thread ended' });
      }
    }
    if (checkFailed) this.assertHealthy();
  }

  /** Forgets the texts of documents whose writes are committed (the file answers for them now). */
  private collect(): void {
    const done = this.done();
    while (this.sentKeys.length > 0 && this.sentKeys[0].seq <= done) {
      const { seq, keys } = this.sentKeys.shift()!;
      for (const key of keys) if (this.inFlight.get(key)?.seq === seq) this.inFlight.delete(key);
    }
  }

  private reply(seq: number): LoaderReply {
    for (let message = receiveMessageOnPort(this.replies); message; message = receiveMessageOnPort(this.replies)) {
      const reply = message.message as LoaderReply;
      if ('error' in reply) throw this.fail(reply.error);
      if (reply.seq === seq) return reply;
    }
    throw this.fail({ message: `The collection loader thread did not answer message ${seq}` });
  }

  private assertHealthy(): void {
    if (this.failure) throw this.failure;
    if (Atomics.load(this.flags, LoaderSlot.Failed) === 0) return;
    const message = receiveMessageOnPort(this.replies)?.message as LoaderReply | undefined;
    throw this.fail(message && 'error' in message ? message.error : { message: 'The collection loader thread failed' });
  }

  private fail(error: { message: string; code?: string }): Error {
    this.failure ??= this.toError(error);
    return this.failure;
  }
}

/** `Atomics.waitAsync` (Node 16+), not in the ES2023 library's types. */
interface AtomicsWaitAsync {
  waitAsync(array: Int32Array, index: number, value: number, timeoutMs: number): { async: false; value: string } | { async: true; value: Promise<string> };
}
