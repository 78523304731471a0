import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { GroupReply, PreparedAppend, WriterRequest, WriterThreadOptions } from './group-commit-protocol';

const ENTRY = 'sqlite-writer-thread';

/**
 * Starts the writer from its TypeScript sources when the store itself runs from them (as in the specs),
 * compiling each module as it is required. The built server runs the compiled file instead.
 */
const FROM_SOURCES = `
const { createRequire } = require('node:module');
const { readFileSync } = require('node:fs');
const { workerData } = require('node:worker_threads');
const { transformSync } = createRequire(workerData.entry)('@swc/core');
require.extensions['.ts'] = (module, filename) => {
  const options = { filename, jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'commonjs' } };
  module._compile(transformSync(readFileSync(filename, 'utf8'), options).code, filename);
};
require(workerData.entry);
`;

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
      worker.postMessage({ kind: 'group', appends } satisfies WriterRequest);
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
    const compiled = join(__dirname, `${ENTRY}.js`);
    const worker = existsSync(compiled)
      ? new Worker(compiled, { workerData: this.options })
      : new Worker(FROM_SOURCES, { eval: true, workerData: { ...this.options, entry: join(__dirname, `${ENTRY}.ts`) } });
    worker.on('message', (reply: GroupReply) => {
      const waiting = this.waiting.shift();
      if (this.waiting.length === 0) worker.unref();
      waiting?.resolve(reply);
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
