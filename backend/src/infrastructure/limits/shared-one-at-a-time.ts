import type { Logger } from '@nestjs/common';
import { Redlock } from '@sesamecare-oss/redlock';
import type { Redis } from 'ioredis';
import { OneAtATime, type Serializer } from './one-at-a-time';

/** How long a lock lasts unless extended; it is extended while its work runs. */
const LOCK_MS = 5_000;

/**
 * One at a time per key across every node sharing Redis: this node's turns first, then a Redis lock on
 * the key (Redlock on one instance), extended while the work runs and released after it. While Redis is
 * unreachable each node keeps to its own turns, as limits count in each node's memory then.
 */
export class SharedOneAtATime implements Serializer {
  private readonly local = new OneAtATime();
  private readonly redlock: Redlock;

  constructor(
    private readonly client: Redis,
    private readonly namespace: string,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {
    // Waits up to about 15 s for another node's turn; the work held under these locks takes well under that.
    this.redlock = new Redlock([client], { retryCount: 75, retryDelay: 200, retryJitter: 100, automaticExtensionThreshold: 1_000 });
  }

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.local.run(key, async () => {
      if (this.client.status !== 'ready') {
        this.logger?.warn(`Redis unreachable: ${this.namespace} runs one at a time on this node only`);
        return work();
      }
      return this.redlock.using([`${this.namespace}:${key}`], LOCK_MS, () => work());
    });
  }
}
