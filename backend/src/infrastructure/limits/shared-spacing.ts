import type { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

/** Turns spaced in time across every node: how long to wait for the next one. */
export interface Spacing {
  /** Reserves the next turn at least `intervalMs` after the one before it; answers the milliseconds until it. */
  reserve(intervalMs: number): Promise<number>;
}

/**
 * The next free turn lives in Redis and is moved on atomically, by Redis's own clock, so nodes with
 * clocks apart still space their turns from one timeline. Answers the wait until the turn reserved.
 */
const RESERVE_SCRIPT = `
local now = redis.call('TIME')
local t = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local nextTurn = tonumber(redis.call('GET', KEYS[1]) or '0')
local turn = math.max(t, nextTurn)
local interval = tonumber(ARGV[1])
redis.call('SET', KEYS[1], turn + interval, 'PX', turn + interval - t + 1000)
return turn - t
`;

/**
 * Spacing shared by every node on one Redis key (a carrier's calls-per-second limit is the account's,
 * not a node's). While Redis is unreachable each node spaces only its own turns, and says so.
 */
export class RedisSpacing implements Spacing {
  private warned = false;

  constructor(
    private readonly client: Redis,
    private readonly key: string,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {}

  async reserve(intervalMs: number): Promise<number> {
    try {
      if (this.client.status !== 'ready') throw new Error(`Redis is ${this.client.status}`);
      const wait = Number(await this.client.eval(RESERVE_SCRIPT, 1, this.key, Math.ceil(intervalMs)));
      this.warned = false;
      return wait;
    } catch (error) {
      if (!this.warned) this.logger?.warn(`Redis unreachable: ${this.key} is spaced on this node only (${(error as Error).message})`);
      this.warned = true;
      return 0;
    }
  }
}
