import { parentPort, type Transferable } from 'node:worker_threads';

export type ThreadRequest<Request> = { id: number; request: Request };
export type ThreadAnswer<Reply> = { id: number; reply: Reply } | { id: number; error: string };

/** What a request's handler gives back, and which of its buffers to hand over rather than copy. */
export interface Answer<Reply> {
  reply: Reply;
  transfer?: Transferable[];
}

/**
 * Inside a worker thread started by `RequestThread`: answers each request with `handle`, one after
 * the other; a handler's error is the request's error, not the thread's.
 */
export function serveRequests<Request, Reply>(handle: (request: Request) => Answer<Reply> | Promise<Answer<Reply>>): void {
  const port = parentPort!;
  let queue: Promise<void> = Promise.resolve();
  port.on('message', ({ id, request }: ThreadRequest<Request>) => {
    queue = queue.then(async () => {
      try {
        const { reply, transfer } = await handle(request);
        port.postMessage({ id, reply } satisfies ThreadAnswer<Reply>, transfer ?? []);
      } catch (error) {
        port.postMessage({ id, error: (error as Error).message } satisfies ThreadAnswer<Reply>);
      }
    });
  });
}
