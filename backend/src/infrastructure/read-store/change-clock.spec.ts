import { ChangeClock } from './change-clock';

describe('ChangeClock', () => {
  const owners = (...values: string[]) => ({ field: 'ownerId', values });

  it('tells a collection changed, whatever changed in it', () => {
    const clock = new ChangeClock();
    const before = clock.token('calls');
    clock.changed('other');
    expect(clock.token('calls')).toBe(before);
    clock.changed('calls', [undefined, { _id: 'c1', ownerId: 'u2' }]);
    expect(clock.token('calls')).not.toBe(before);
  });

  it('keeps a scope’s token while documents outside it change, and changes it for a document that was or becomes in it', () => {
    const clock = new ChangeClock();
    const mine = clock.token('calls', owners('u1', 'anon1'));
    clock.changed('calls', [undefined, { _id: 'c2', ownerId: 'u2' }]);
    clock.changed('calls', [{ _id: 'c2', ownerId: 'u2' }, { _id: 'c2', ownerId: 'u2', state: 'done' }]);
    clock.changed('calls', [{ _id: 'c3', ownerId: null }]);
    expect(clock.token('calls', owners('u1', 'anon1'))).toBe(mine);

    // Claimed on sign-up: the anonymous visitor's call becomes the user's.
    const theirs = clock.token('calls', owners('u2'));
    clock.changed('calls', [{ _id: 'c4', ownerId: 'anon1' }, { _id: 'c4', ownerId: 'u3' }]);
    expect(clock.token('calls', owners('u1', 'anon1'))).not.toBe(mine);
    expect(clock.token('calls', owners('u2'))).toBe(theirs);
    const movedTo = clock.token('calls', owners('u3'));
    clock.changed('calls', [{ _id: 'c4', ownerId: 'u3' }]);
    expect(clock.token('calls', owners('u3'))).not.toBe(movedTo);
  });

  it('takes every value as changed when it cannot tell which', () => {
    const clock = new ChangeClock();
    const cases: Array<() => void> = [
      () => clock.changed('calls'),
      () => clock.changed('calls', [{ _id: 'c1', ownerId: ['u1'] }]),
      () => clock.changedEverything(),
    ];
    for (const change of cases) {
      const before = clock.token('calls', owners('u1'));
      change();
      expect(clock.token('calls', owners('u1'))).not.toBe(before);
    }
  });

  it('counts a value as changed from when its field was first asked about', () => {
    const clock = new ChangeClock();
    clock.changed('calls', [undefined, { _id: 'c1', ownerId: 'u1' }]);
    const first = clock.token('calls', owners('u1'));
    expect(clock.token('calls', owners('u1'))).toBe(first);
    expect(clock.token('calls', owners('u9'))).toBe(first);
  });

  it('keeps a bounded number of values, and takes them all as changed when it starts over', () => {
    const clock = new ChangeClock();
    const quiet = clock.token('calls', owners('quiet'));
    for (let i = 0; i < 50_000; i++) clock.changed('calls', [undefined, { _id: `c${i}`, ownerId: `u${i}` }]);
    expect(clock.token('calls', owners('quiet'))).toBe(quiet);
    clock.changed('calls', [undefined, { _id: 'c-last', ownerId: 'u-last' }]);
    expect(clock.token('calls', owners('quiet'))).not.toBe(quiet);
  });
});
