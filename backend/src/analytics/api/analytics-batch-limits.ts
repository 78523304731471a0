import type { AnalyticsMessage } from '@ringcheck/projections';
import { DomainError } from '../../infrastructure/event-sourcing';

/** Segment's limits: a message of at most 32 KB (kept a little under, for what the forwarder adds), a batch of at most 500 KB. */
export const MAX_MESSAGE_BYTES = 30 * 1024;
export const MAX_BATCH_BYTES = 500 * 1024;

/** Refuses a message or a batch over its size (400 naming `batch.<index>` or `batch`). */
export function assertBatchSizes(batch: readonly AnalyticsMessage[]): void {
  let total = 0;
  batch.forEach((message, index) => {
    const bytes = Buffer.byteLength(JSON.stringify(message));
    if (bytes > MAX_MESSAGE_BYTES) throw DomainError.invalid(`batch.${index}`, `batch.${index} is ${bytes} bytes of JSON; a message may be at most ${MAX_MESSAGE_BYTES}`);
    total += bytes;
  });
  if (total > MAX_BATCH_BYTES) throw DomainError.invalid('batch', `batch is ${total} bytes of JSON; a batch may be at most ${MAX_BATCH_BYTES}`);
}
