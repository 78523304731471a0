import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { EventStore, NewEvent } from '@ringcheck/projections';
import { trackedEvent } from './sample-events';
import { perSecond, summarize } from './stats';

/** The event store bench's workloads and what each contender offers them. */

export interface Sizes {
  writers: number;
  eventsPerWriter: number;
  peerEventsPerWriter: number;
  batchWriters: number;
  batchesPerWriter: number;
  peerBatchesPerWriter: number;
  streamsToRead: number;
  readRounds: number;
  /** The store and its floor are measured in turns, this many each; each figure is the median of its rounds. */
  rounds: number;
}

export const FULL: Sizes = {
  writers: 64,
  eventsPerWriter: 400,
  peerEventsPerWriter: 20,
  batchWriters: 4,
  batchesPerWriter: 60,
  peerBatchesPerWriter: 10,
  streamsToRead: 256,
  readRounds: 8,
  rounds: 3,
};
export const QUICK: Sizes = {
  writers: 64,
  eventsPerWriter: 60,
  peerEventsPerWriter: 4,
  batchWriters: 4,
  batchesPerWriter: 10,
  peerBatchesPerWriter: 3,
  streamsToRead: 64,
  readRounds: 2,
  rounds: 1,
};
export const BATCH = 100;
export const STREAM_LENGTH = 20;
export const READ_PAGE = 1000;

/** What each contender offers the workloads. `revision` is the stream's last revision, -1 for a new stream. */
export interface Contender {
  name: string;
  append(streamId: string, revision: number, events: NewEvent[]): Promise<void>;
  /** Reads the whole log in order, a page at a time, and returns how many events it read. */
  readAll(): Promise<number>;
  /** Reads one stream whole and returns how many events it held. */
  readStream(streamId: string): Promise<number>;
  close(): Promise<void>;
}

/** Any store of the event store port as a contender: appends with the expected revision, reads the log a page at a time. */
export function storeContender(store: EventStore): Contender {
  return {
    name: 'ringcheck',
    append: async (streamId, revision, events) => {
      await store.appendToStream(streamId, events, { expectedRevision: revision < 0 ? 'no_stream' : revision });
    },
    readAll: async () => {
      let read = 0;
      for (let after = 0; ;) {
        const page = await store.readAll({ fromPosition: after, maxCount: READ_PAGE });
        if (page.length === 0) return read;
        read += page.length;
        after = page[page.length - 1]!.position;
      }
    },
    readStream: async (streamId) => (await store.readStream(streamId)).length,
    close: () => store.close(),
  };
}

export interface WriteFigures {
  eventsPerSecond: number;
  p99Ms: number;
  loopDelayP99Ms: number;
  events: number;
}

/** Each writer appends to its own stream, one append after the other, with the expected revision. */
async function concurrentAppends(
  contender: Contender,
  writers: number,
  appendsPerWriter: number,
  batch: number,
  label: string,
): Promise<WriteFigures> {
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  const latencies: number[] = [];
  loopDelay.enable();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      const streamId = `analytics-${label}${writer}-${randomUUID()}`;
      for (let append = 0; append < appendsPerWriter; append++) {
        const events = Array.from({ length: batch }, (_, index) => trackedEvent(`anon_${writer}`, append * batch + index));
        const sent = performance.now();
        await contender.append(streamId, append * batch - 1, events);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = performance.now() - started;
  loopDelay.disable();
  const events = writers * appendsPerWriter * batch;
  return {
    eventsPerSecond: perSecond(events, elapsed),
    p99Ms: summarize(latencies).p99,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    events,
  };
}

export interface ReadFigures {
  perSecond: number;
  count: number;
}

async function readEverything(contender: Contender): Promise<ReadFigures> {
  const started = performance.now();
  const count = await contender.readAll();
  return { perSecond: perSecond(count, performance.now() - started), count };
}

async function readStreams(contender: Contender, streams: readonly string[], rounds: number): Promise<ReadFigures> {
  const started = performance.now();
  let events = 0;
  for (let round = 0; round < rounds; round++) for (const streamId of streams) events += await contender.readStream(streamId);
  if (events !== streams.length * rounds * STREAM_LENGTH) throw new Error(`${contender.name} read ${events} events from its streams`);
  return { perSecond: perSecond(streams.length * rounds, performance.now() - started), count: events };
}

export interface Measured {
  singles: WriteFigures;
  batches: WriteFigures;
  readAll: ReadFigures;
  readStream: ReadFigures;
}

export async function measure(contender: Contender, sizes: Sizes, peer: boolean): Promise<Measured> {
  await concurrentAppends(contender, sizes.writers, 3, 1, 'warm');
  const singles = await concurrentAppends(contender, sizes.writers, peer ? sizes.peerEventsPerWriter : sizes.eventsPerWriter, 1, 'single');
  const batches = await concurrentAppends(
    contender,
    sizes.batchWriters,
    peer ? sizes.peerBatchesPerWriter : sizes.batchesPerWriter,
    BATCH,
    'batch',
  );
  const streams = Array.from({ length: sizes.streamsToRead }, (_, index) => `call-read${index}-${randomUUID()}`);
  await Promise.all(
    streams.map((streamId) =>
      contender.append(
        streamId,
        -1,
        Array.from({ length: STREAM_LENGTH }, (_, i) => trackedEvent('anon_read', i)),
      ),
    ),
  );
  const readAll = await readEverything(contender);
  const readStream = await readStreams(contender, streams, sizes.readRounds);
  return { singles, batches, readAll, readStream };
}

/** Each figure of several rounds' measurements at its median (figure by figure, not one whole round). */
export function medianOf(rounds: readonly Measured[]): Measured {
  const median = (pick: (measured: Measured) => number) => {
    const sorted = rounds.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const writes = (pick: (measured: Measured) => WriteFigures): WriteFigures => ({
    eventsPerSecond: median((m) => pick(m).eventsPerSecond),
    p99Ms: median((m) => pick(m).p99Ms),
    loopDelayP99Ms: median((m) => pick(m).loopDelayP99Ms),
    events: pick(rounds[0]!).events,
  });
  const reads = (pick: (measured: Measured) => ReadFigures): ReadFigures => ({ perSecond: median((m) => pick(m).perSecond), count: pick(rounds[0]!).count });
  return {
    singles: writes((m) => m.singles),
    batches: writes((m) => m.batches),
    readAll: reads((m) => m.readAll),
    readStream: reads((m) => m.readStream),
  };
}
