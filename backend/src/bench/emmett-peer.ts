import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Contender, READ_PAGE } from './event-store-workloads';

/** The parts of @event-driven-io/emmett-sqlite the bench uses (it is an optional dependency, loaded by name). */
export interface EmmettSqlite {
  getSQLiteEventStore(options: { fileName: string }): {
    appendToStream(streamName: string, events: unknown[], options: { expectedStreamVersion: bigint }): Promise<unknown>;
    readStream(streamName: string): Promise<{ events: unknown[] }>;
  };
  sqliteConnection(options: { fileName: string }): { close(): void };
  readMessagesBatch(
    connection: unknown,
    options: { after: bigint; batchSize: number },
  ): Promise<{ messages: Array<{ metadata: { globalPosition: bigint } }> }>;
}

export const EMMETT = '@event-driven-io/emmett-sqlite';

export async function loadEmmett(): Promise<{ module: EmmettSqlite; version: string } | undefined> {
  let module: EmmettSqlite;
  try {
    module = (await import(EMMETT)) as EmmettSqlite;
  } catch {
    return undefined;
  }
  const packageFile = join(dirname(require.resolve(EMMETT)), '..', 'package.json');
  return { module, version: (JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string }).version };
}

/**
 * Emmett with its defaults opens a connection per call and begins IMMEDIATE transactions without a busy
 * timeout, so concurrent calls fail with SQLITE_BUSY: its calls run one at a time here.
 */
export function emmettPeer(emmett: EmmettSqlite, dir: string): Contender {
  const fileName = join(dir, 'emmett.db');
  const store = emmett.getSQLiteEventStore({ fileName });
  let tail: Promise<unknown> = Promise.resolve();
  const serialised = <T>(call: () => Promise<T>): Promise<T> => {
    const result = tail.then(call);
    tail = result.catch(() => undefined);
    return result;
  };
  return {
    name: 'emmett',
    append: (streamId, revision, events) =>
      serialised(() =>
        store.appendToStream(
          streamId,
          events.map((event) => ({ type: event.type, data: event.data, metadata: event.metadata })),
          { expectedStreamVersion: BigInt(revision + 1) },
        ),
      ).then(() => undefined),
    readAll: () =>
      serialised(async () => {
        const connection = emmett.sqliteConnection({ fileName });
        try {
          let read = 0;
          for (let after = 0n; ;) {
            const { messages } = await emmett.readMessagesBatch(connection, { after, batchSize: READ_PAGE });
            if (messages.length === 0) return read;
            read += messages.length;
            after = messages[messages.length - 1]!.metadata.globalPosition;
          }
        } finally {
          connection.close();
        }
      }),
    readStream: (streamId) => serialised(async () => (await store.readStream(streamId)).events.length),
    close: () => serialised(async () => undefined),
  };
}
