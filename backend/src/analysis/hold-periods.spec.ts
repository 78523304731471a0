import type { CallProgress } from '../calls/ports/telephony';
import { holdPeriodsFromProgress } from './hold-periods';

describe('hold periods from call progress', () => {
  it('converts call-clock hold reports to ms from the answer', () => {
    const progress: CallProgress[] = [
      { kind: 'dialing', atMs: 0 },
      { kind: 'ringing', atMs: 1500, ring: 1 },
      { kind: 'answered', atMs: 8000, answeredBy: 'human' },
      { kind: 'hold', atMs: 20_000, on: true },
      { kind: 'hold', atMs: 35_000, on: false },
      { kind: 'hold', atMs: 50_000, on: true },
      { kind: 'completed', atMs: 56_000, endedBy: 'caller' },
    ];
    expect(holdPeriodsFromProgress(progress)).toEqual([
      { startMs: 12_000, endMs: 27_000 },
      { startMs: 42_000, endMs: 48_000 },
    ]);
  });

  it('is empty for a call never answered', () => {
    expect(
      holdPeriodsFromProgress([
        { kind: 'dialing', atMs: 0 },
        { kind: 'busy', atMs: 2000 },
      ]),
    ).toEqual([]);
  });
});
