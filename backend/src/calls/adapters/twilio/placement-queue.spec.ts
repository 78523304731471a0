import type { Spacing } from '../../../infrastructure/limits';
import { PlacementQueue } from './placement-queue';

/** One timeline of turns, as every node sees it in Redis (RedisSpacing), here in memory. */
function sharedTimeline(): Spacing {
  let nextTurn = 0;
  return {
    reserve: async (intervalMs) => {
      const turn = Math.max(Date.now(), nextTurn);
      nextTurn = turn + intervalMs;
      return turn - Date.now();
    },
  };
}

describe('PlacementQueue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('lets placements through in order at the configured rate, none refused', async () => {
    const queue = new PlacementQueue(2, () => Date.now());
    const turns: number[] = [];
    const start = Date.now();
    const tickets = [0, 1, 2].map(() => queue.enqueue());
    tickets.forEach((ticket, index) => void ticket.turn.then(() => turns.push(index)));
    await jest.advanceTimersByTimeAsync(0);
    expect(turns).toEqual([0]);
    await jest.advanceTimersByTimeAsync(500);
    expect(turns).toEqual([0, 1]);
    await jest.advanceTimersByTimeAsync(500);
    expect(turns).toEqual([0, 1, 2]);
    expect(Date.now() - start).toBe(1000);
  });

  it('drops a withdrawn placement; the next one takes its turn', async () => {
    const queue = new PlacementQueue(1, () => Date.now());
    const first = queue.enqueue();
    const second = queue.enqueue();
    const third = queue.enqueue();
    expect(second.withdraw()).toBe(true);
    await expect(second.turn).resolves.toBe(false);
    await expect(first.turn).resolves.toBe(true);
    expect(first.withdraw()).toBe(false);
    await jest.advanceTimersByTimeAsync(1000);
    await expect(third.turn).resolves.toBe(true);
  });

  it('keeps to the rate across nodes sharing one timeline: two nodes together place no faster than one', async () => {
    const timeline = sharedTimeline();
    const nodes = [new PlacementQueue(2, () => Date.now(), timeline), new PlacementQueue(2, () => Date.now(), timeline)];
    const start = Date.now();
    const turns: number[] = [];
    for (const node of nodes) for (let index = 0; index < 2; index += 1) void node.enqueue().turn.then(() => turns.push(Date.now() - start));
    await jest.advanceTimersByTimeAsync(2000);
    expect(turns).toEqual([0, 500, 1000, 1500]);
  });

  it('gives a turn reserved for a withdrawn placement to the next one', async () => {
    const queue = new PlacementQueue(1, () => Date.now(), sharedTimeline());
    const first = queue.enqueue();
    const second = queue.enqueue();
    const third = queue.enqueue();
    await expect(first.turn).resolves.toBe(true);
    expect(second.withdraw()).toBe(true);
    await jest.advanceTimersByTimeAsync(1000);
    await expect(third.turn).resolves.toBe(true);
  });
});
