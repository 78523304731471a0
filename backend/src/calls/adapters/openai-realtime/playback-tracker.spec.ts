import { base64Bytes, PlaybackTracker } from './playback-tracker';

describe('base64Bytes', () => {
  it('counts the bytes a payload decodes to', () => {
    for (const length of [0, 1, 2, 3, 160, 161, 162]) expect(base64Bytes(Buffer.alloc(length).toString('base64'))).toBe(length);
  });
});

describe('PlaybackTracker', () => {
  it('names a mark per chunk and knows when the line has played everything', () => {
    const tracker = new PlaybackTracker();
    const first = tracker.queued('item1', 800, 0);
    const second = tracker.queued('item1', 800, 1);
    expect(first).not.toBe(second);
    expect(tracker.playing).toBe(true);
    expect(tracker.remainingMs(50)).toBe(150);
    expect(tracker.played(first, 100)).toBe(true);
    expect(tracker.remainingMs(150)).toBe(50);
    expect(tracker.played(second, 200)).toBe(true);
    expect(tracker.playing).toBe(false);
    expect(tracker.remainingMs(200)).toBe(0);
  });

  it('measures what was heard of the playing item from the last mark that came back', () => {
    const tracker = new PlaybackTracker();
    const first = tracker.queued('item1', 800, 0);
    tracker.queued('item1', 800, 2);
    tracker.queued('item1', 800, 4);
    tracker.played(first, 100);
    expect(tracker.interrupt(130)).toEqual({ itemId: 'item1', audioEndMs: 130 });
    expect(tracker.playing).toBe(false);
  });

  it('starts counting a chunk when it was sent if the line was idle, and never past its end', () => {
    const tracker = new PlaybackTracker();
    tracker.queued('item1', 1600, 1000);
    expect(tracker.interrupt(1050)).toEqual({ itemId: 'item1', audioEndMs: 50 });
    tracker.queued('item2', 800, 2000);
    expect(tracker.interrupt(5000)).toEqual({ itemId: 'item2', audioEndMs: 100 });
  });

  it('ignores the marks Twilio echoes after a clear, and marks it never saw', () => {
    const tracker = new PlaybackTracker();
    const mark = tracker.queued('item1', 800, 0);
    tracker.interrupt(10);
    expect(tracker.played(mark, 11)).toBe(false);
    expect(tracker.played('unknown', 12)).toBe(false);
    expect(tracker.interrupt(13)).toBeNull();
  });

  it('follows several items, each from its own start', () => {
    const tracker = new PlaybackTracker();
    const first = tracker.queued('a', 400, 0);
    tracker.queued('b', 400, 1);
    expect(tracker.currentItemId).toBe('a');
    tracker.played(first, 50);
    expect(tracker.currentItemId).toBe('b');
    expect(tracker.holds('a')).toBe(false);
    expect(tracker.holds('b')).toBe(true);
    expect(tracker.interrupt(70)).toEqual({ itemId: 'b', audioEndMs: 20 });
  });
});
