import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../threads/module-worker';
import type { GroupReply, PreparedAppend, WriterThreadOptions } from './group-commit-protocol';
import { decodeReply, type EncodedReply, encodeGroup, type WriterRequest } from './writer-thread-codec';

const ENTRY = 'sqlite-writer-thread';

interface Waiting {
  resolve: (reply: GroupReply) => void;
  reject: (error: Error) => void;
}

/**
 * The store's side of its writer thread. The thread starts with the first group and, should it die,
 * again with the next one; it keeps the process alive only while a group is being committed.
 */
export class WriterThread {
  private worker: Worker | undefined;
  private readonly waiting: Waiting[] = [];
  private lastError: Error | undefined;

  constructor(private readonly options: WriterThreadOptions) {}

  commit(appends: PreparedAppend[]): Promise<GroupReply> {
    const worker = this.worker ?? this.start();
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      worker.ref();
      worker.postMessage({ kind: 'group', group: encodeGroup(appends) } satisfies WriterRequest);
    });
  }

  /** Lets the thread close its connection and waits for it to end. Call once no group is in flight. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    // Held until it has exited: an unreferenced thread would let the process end while close() waits.
    worker.ref();
    worker.postMessage({ kind: 'close' } satisfies WriterRequest);
    await exited;
  }

  private start(): Worker {
    const worker = startModuleWorker(__dirname, ENTRY, this.options);
    worker.on('message', (reply: EncodedReply) => {
      const waiting = this.waiting.shift();
      if (this.waiting.length === 0) worker.unref();
      waiting?.resolve(decodeReply(reply));
    });
    worker.on('error', (error) => (this.lastError = error));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      const cause = this.lastError;
      this.lastError = undefined;
      for (const waiting of this.waiting.splice(0)) {
        const why = cause ? `: ${cause.message}` : ` with code ${code}`;
        waiting.reject(
          new Error(
            `The event store's writer thread stopped${why} before answering; whether the appends were ` +
              'stored is unknown, so retry them with the same event ids',
            { cause },
          ),
        );
      }
    });
    this.worker = worker;
    return worker;
  }
}
