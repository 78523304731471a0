import { PlacementQueue } from './placement-queue';

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
});
