import { CallLines, callsInFlightMax } from './call-lines';

describe('CallLines', () => {
  function lines(capacity: number) {
    const subject = new CallLines(capacity);
    const placed: string[] = [];
    const enter = (...ids: string[]) => ids.forEach((id) => subject.enter(id, () => placed.push(id)));
    return { subject, placed, enter };
  }

  it('places calls while lines are free, then queues them and places them in order as lines free up', () => {
    const { subject, placed, enter } = lines(2);
    enter('a', 'b', 'c', 'd');
    expect(placed).toEqual(['a', 'b']);
    expect(subject.isWaiting('c')).toBe(true);
    subject.leave('b');
    expect(placed).toEqual(['a', 'b', 'c']);
    subject.leave('a');
    subject.leave('c');
    expect(placed).toEqual(['a', 'b', 'c', 'd']);
    expect(subject.inUse).toBe(1);
    subject.leave('d');
    expect(subject.inUse).toBe(0);
  });

  it('drops a waiting call that leaves before its turn, without freeing a line', () => {
    const { subject, placed, enter } = lines(1);
    enter('a', 'b', 'c');
    subject.leave('b');
    expect(subject.inUse).toBe(1);
    expect(placed).toEqual(['a']);
    subject.leave('a');
    expect(placed).toEqual(['a', 'c']);
  });

  it('ignores a call entering twice and a call leaving twice', () => {
    const { subject, placed, enter } = lines(1);
    enter('a', 'a', 'b', 'b');
    expect(placed).toEqual(['a']);
    subject.leave('a');
    subject.leave('a');
    expect(placed).toEqual(['a', 'b']);
    expect(subject.inUse).toBe(1);
  });

  it('never holds more lines than its capacity', () => {
    const { subject, enter } = lines(3);
    let most = 0;
    for (let i = 0; i < 50; i++) {
      enter(`call-${i}`);
      most = Math.max(most, subject.inUse);
      if (i % 2 === 1) subject.leave(`call-${i - 1}`);
    }
    expect(most).toBe(3);
  });

  it('has no cap on the sandbox and a few lines on a carrier, unless configured', () => {
    expect(callsInFlightMax(undefined, { adapterName: 'sandbox' })).toBe(Number.POSITIVE_INFINITY);
    expect(callsInFlightMax(undefined, { adapterName: 'twilio' })).toBe(10);
    expect(callsInFlightMax(2, { adapterName: 'sandbox' })).toBe(2);
    expect(() => new CallLines(0)).toThrow(RangeError);
  });
});
