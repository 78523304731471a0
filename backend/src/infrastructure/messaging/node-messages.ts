import type { Redis } from 'ioredis';

/**
 * Messages between the nodes that share Redis: what a node publishes on a channel reaches every node's
 * listeners on it, its own included. Delivery is at most once (Redis pub/sub): for things a node may
 * hand to the one that can act on them, not for anything that must not be lost.
 */
export interface NodeMessages {
  publish(channel: string, message: object): Promise<void>;
  /** Listens on a channel until the returned function is called. */
  subscribe(channel: string, listener: (message: unknown) => void): () => void;
  close(): Promise<void>;
}

export const NODE_MESSAGES = Symbol('NODE_MESSAGES');

/** A node alone has no one to tell. */
export const NO_OTHER_NODES: NodeMessages = {
  publish: async () => undefined,
  subscribe: () => () => undefined,
  close: async () => undefined,
};

/** Node messages over Redis pub/sub: one connection publishes, one listens. */
export class RedisNodeMessages implements NodeMessages {
  private readonly listeners = new Map<string, Set<(message: unknown) => void>>();

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
  ) {
    subscriber.on('message', (channel: string, text: string) => {
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      for (const listener of this.listeners.get(channel) ?? []) listener(message);
    });
  }

  static async connect(url: string): Promise<RedisNodeMessages> {
    const { Redis } = await import('ioredis');
    const [publisher, subscriber] = [new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectionName: 'ringcheck-messages' }), new Redis(url, { lazyConnect: true, connectionName: 'ringcheck-messages-sub' })];
    for (const client of [publisher, subscriber]) {
      client.on('error', () => undefined);
      await client.connect().catch(() => undefined);
    }
    return new RedisNodeMessages(publisher, subscriber);
  }

  async publish(channel: string, message: object): Promise<void> {
    await this.publisher.publish(channel, JSON.stringify(message));
  }

  subscribe(channel: string, listener: (message: unknown) => void): () => void {
    let listeners = this.listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(channel, listeners);
      void this.subscriber.subscribe(channel).catch(() => undefined);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0) return;
      this.listeners.delete(channel);
      void this.subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    await this.publisher.quit().catch(() => this.publisher.disconnect());
  }
}
