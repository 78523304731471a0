import type { Transferable, Worker } from 'node:worker_threads';
import { startModuleWorker } from './module-worker';
import type { ThreadAnswer, ThreadRequest } from './serve-requests';

interface Pending<Reply> {
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

/**
 * A worker thread (the module `<dir>/<entry>`, which calls `serveRequests`) answering requests one
 * after the other. Started with the first request; it holds the process open only while it has work.
 */
export class RequestThread<Request, Reply> {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending<Reply>>();
  private nextId = 1;

  /** `name` opens the errors, e.g. "The recording encoder's thread". */
  constructor(
    private readonly dir: string,
    private readonly entry: string,
    private readonly name: string,
  ) {}

  /** Posts `request`, handing over `transfer`'s buffers (they are unusable here afterwards). */
  request(request: Request, transfer: readonly Transferable[] = []): Promise<Reply> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, request } satisfies ThreadRequest<Request>, transfer);
    });
  }

  private start(): Worker {
    const worker = startModuleWorker(this.dir, this.entry, {});
    worker.on('message', (answer: ThreadAnswer<Reply>) => {
      const pending = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in answer) pending?.reject(new Error(answer.error));
      else pending?.resolve(answer.reply);
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(new Error(`${this.name} stopped with code ${code}`));
    });
    return worker;
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
