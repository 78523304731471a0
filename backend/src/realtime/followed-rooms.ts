import type { Redis } from 'ioredis';

const KEY_PREFIX = 'ringcheck:followed:';

/** Injection token of the FollowedRooms (null on a single node, whose own rooms tell). */
export const FOLLOWED_ROOMS = Symbol('FOLLOWED_ROOMS');

export interface FollowedRoomsTimings {
  /** How long a room's mark lives in Redis unless marked again. */
  ttlMs: number;
  /** How often a node marks again the rooms it holds followers in. */
  refreshMs: number;
  /** How long a room stays marked after its last follower here left: the connection-state recovery window. */
  retainMs: number;
}

/** The recovery window is 60 s (shared-rooms.adapter.ts); a mark outlives a node's last refresh by 90 s. */
export const FOLLOWED_ROOMS_TIMINGS: FollowedRoomsTimings = { ttlMs: 90_000, refreshMs: 20_000, retainMs: 60_000 };

/**
 * The rooms some node holds followers in, marked in Redis, so that the node pushing read-model changes
 * broadcasts only to those: every broadcast goes through the Redis stream and is read and parsed by every
 * node, and most rooms a change concerns (a call in full, its preview, their patch rooms) have nobody in them.
 *
 * A follower is never left behind: a subscription marks its room before reading the documents it replays,
 * and when the mark is new here it first waits until the read models hold everything already in the log
 * (the gateway), so a change whose push found the room unmarked is in what it reads. A room stays marked
 * for the recovery window after its last follower here left, so a socket that resumes on another node
 * gets what was pushed meanwhile. When Redis cannot answer, and for two refreshes after it came back,
 * every room counts as followed.
 */
export class FollowedRooms {
  /** Rooms this node marked, with when: a mark younger than ttlMs - refreshMs is still in Redis. */
  private readonly marked = new Map<string, number>();
  /** Rooms followed here, with when they last had a follower. */
  private readonly lastFollowed = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private localRooms: () => Iterable<string> = () => [];
  /** Until then every room counts as followed: Redis came back, perhaps without the marks it had. */
  private allFollowedUntil = 0;

  constructor(
    private readonly redis: Redis,
    private readonly timings: FollowedRoomsTimings = FOLLOWED_ROOMS_TIMINGS,
    private readonly now: () => number = Date.now,
  ) {
    // The client is connected when this is made: a later `ready` is a new connection, maybe to a Redis that
    // restarted empty. Every node marks its rooms again at once, and until every node's refresh has come
    // round this one pushes to every room.
    redis.on('ready', () => {
      this.allFollowedUntil = this.now() + this.timings.refreshMs * 2;
      this.marked.clear();
      void this.refresh(this.localRooms());
    });
  }

  /**
   * Marks `room` as followed from this node. True when this node did not hold its mark already (or could
   * not tell): pushes to it may have been left out until now.
   */
  async follow(room: string): Promise<boolean> {
    const now = this.now();
    this.lastFollowed.set(room, now);
    const markedAt = this.marked.get(room);
    if (markedAt !== undefined && now - markedAt < this.timings.ttlMs - this.timings.refreshMs) return false;
    try {
      await this.redis.set(KEY_PREFIX + room, '1', 'PX', this.timings.ttlMs);
      this.marked.set(room, now);
    } catch {
      this.marked.delete(room);
    }
    return true;
  }

  /** Of `rooms`, those some node follows: all of them when Redis cannot say. */
  async followedOf(rooms: readonly string[]): Promise<Set<string>> {
    if (rooms.length === 0 || this.now() < this.allFollowedUntil) return new Set(rooms);
    try {
      const marks = await this.redis.mget(rooms.map((room) => KEY_PREFIX + room));
      return new Set(rooms.filter((_, index) => marks[index] !== null));
    } catch {
      return new Set(rooms);
    }
  }

  /** Marks again the rooms `localRooms` has followers in, and those that had one within the recovery window. */
  async refresh(localRooms: Iterable<string>): Promise<void> {
    const now = this.now();
    for (const room of localRooms) this.lastFollowed.set(room, now);
    const rooms: string[] = [];
    for (const [room, at] of this.lastFollowed) {
      if (now - at <= this.timings.retainMs) rooms.push(room);
      else {
        this.lastFollowed.delete(room);
        this.marked.delete(room);
      }
    }
    if (rooms.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const room of rooms) pipeline.set(KEY_PREFIX + room, '1', 'PX', this.timings.ttlMs);
    const results = await pipeline.exec().catch(() => null);
    rooms.forEach((room, index) => {
      if (results?.[index] && !results[index][0]) this.marked.set(room, now);
      else this.marked.delete(room);
    });
  }

  /** Refreshes every refreshMs the rooms `localRooms()` answers. */
  start(localRooms: () => Iterable<string>): void {
    this.localRooms = localRooms;
    this.timer = setInterval(() => void this.refresh(localRooms()), this.timings.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.redis.disconnect();
  }
}
