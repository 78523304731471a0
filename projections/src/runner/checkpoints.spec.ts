import { processedMarker, type ProjectionCheckpoint, storedCheckpoints } from './checkpoints';

const checkpoint = (name: string, position: number, extra: Partial<ProjectionCheckpoint> = {}): ProjectionCheckpoint => ({
  _id: name,
  version: 1,
  collection: `${name}_v1`,
  position,
  updatedAt: '2026-11-28T00:00:00.000Z',
  ...extra,
});

describe('checkpoints read beside the processed marker', () => {
  it('raises each read model the marker names, in the collection it names, to its position', () => {
    const calls = checkpoint('calls', 90);
    const visitors = checkpoint('visitors', 40);
    const stored = storedCheckpoints([calls, visitors, processedMarker(100, [calls, visitors])]);
    expect([...stored.values()].map((c) => [c._id, c.position])).toEqual([
      ['calls', 100],
      ['visitors', 100],
    ]);
  });

  it('leaves alone what the marker does not speak for: another release’s read model, a switched collection, a build, one ahead', () => {
    const calls = checkpoint('calls', 90);
    const marker = processedMarker(100, [calls, checkpoint('visitors', 40), checkpoint('flags', 40), checkpoint('sessions', 40)]);
    const stored = storedCheckpoints([
      calls,
      checkpoint('visitors', 40, { collection: 'visitors_v1_g2' }),
      checkpoint('flags', 40, { building: true }),
      checkpoint('sessions', 120),
      checkpoint('newer_release_only', 30),
      marker,
    ]);
    expect(Object.fromEntries([...stored.values()].map((c) => [c._id, c.position]))).toEqual({
      calls: 100,
      visitors: 40,
      flags: 40,
      sessions: 120,
      newer_release_only: 30,
    });
  });
});
