import { QUIET_TURNS_TO_GROW as QUIET, RebuildPacer, steadyPacer } from './rebuild-pacer';

const least = { events: 100, documents: 10 };
const most = { events: 1000, documents: 100 };

describe('rebuild pacer', () => {
  it('starts small and doubles after each run of quiet yields, up to the most', () => {
    const pacer = new RebuildPacer(least, most);
    const sizes: number[] = [];
    for (let turn = 0; turn < 5 * QUIET; turn++) {
      pacer.sized(0.05);
      sizes.push(pacer.slice.events);
    }
    expect(sizes.slice(0, QUIET - 1)).toEqual(Array(QUIET - 1).fill(100));
    expect(sizes[QUIET - 1]).toBe(200);
    expect(sizes[2 * QUIET - 1]).toBe(400);
    expect(sizes[3 * QUIET - 1]).toBe(800);
    expect(sizes[4 * QUIET - 1]).toBe(1000);
    expect(sizes[5 * QUIET - 1]).toBe(1000);
    expect(pacer.slice.documents).toBe(100);
  });

  it('drops to the least as soon as a yield comes back late, and counts quiet yields again from there', () => {
    const pacer = new RebuildPacer(least, most);
    for (let turn = 0; turn < 4 * QUIET; turn++) pacer.sized(0.05);
    expect(pacer.slice).toEqual(most);
    pacer.sized(3);
    expect(pacer.slice).toEqual(least);
    for (let turn = 0; turn < QUIET - 1; turn++) pacer.sized(0.05);
    pacer.sized(0.8);
    for (let turn = 0; turn < QUIET - 1; turn++) pacer.sized(0.05);
    expect(pacer.slice).toEqual(least);
    pacer.sized(0.05);
    expect(pacer.slice).toEqual({ events: 200, documents: 20 });
  });

  it('measures the yield itself: one held up by other work on the event loop counts as busy', async () => {
    let clock = 0;
    const pacer = new RebuildPacer(least, most, () => clock);
    for (let turn = 0; turn < QUIET; turn++) await pacer.turn();
    expect(pacer.slice.events).toBe(200);
    setImmediate(() => (clock += 5));
    await pacer.turn();
    expect(pacer.slice).toEqual(least);
  });

  it('keeps a steady slice whatever the yields take', () => {
    const pacer = steadyPacer(most);
    pacer.sized(10);
    pacer.sized(0);
    expect(pacer.slice).toEqual(most);
  });
});
