import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * This process among the nodes sharing the stores: host, pid and a random part (a restarted process may
 * get the pid of a dead one). Leases name their holder with it.
 */
export const NODE_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Whether several nodes may share these stores, so that work must be leased: the read store is shared. */
export function storesAreShared(config: { mongodbUri?: string }): boolean {
  return Boolean(config.mongodbUri);
}
