import { mergeIntervals, subtractIntervals, totalLength } from './intervals';

describe('intervals', () => {
  it('merges overlapping and touching intervals and drops empty ones', () => {
    expect(
      mergeIntervals([
        { startMs: 5, endMs: 8 },
        { startMs: 0, endMs: 3 },
        { startMs: 3, endMs: 4 },
        { startMs: 7, endMs: 10 },
        { startMs: 12, endMs: 12 },
      ]),
    ).toEqual([
      { startMs: 0, endMs: 4 },
      { startMs: 5, endMs: 10 },
    ]);
  });

  it('subtracts intervals', () => {
    expect(
      subtractIntervals(
        [{ startMs: 0, endMs: 20 }],
        [
          { startMs: 2, endMs: 5 },
          { startMs: 4, endMs: 8 },
          { startMs: 18, endMs: 30 },
        ],
      ),
    ).toEqual([
      { startMs: 0, endMs: 2 },
      { startMs: 8, endMs: 18 },
    ]);
    expect(
      totalLength([
        { startMs: 0, endMs: 5 },
        { startMs: 3, endMs: 9 },
      ]),
    ).toBe(9);
  });
});
