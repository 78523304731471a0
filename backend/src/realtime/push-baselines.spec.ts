import { applyPatch as applied } from '../../test/socket-client';
import { PushBaselines } from './push-baselines';

const ROOM = 'call:call_1';

describe('PushBaselines', () => {
  it('says a document pushed to a room for the first time is first, and later ones what changed', () => {
    const baselines = new PushBaselines();
    const first = { status: 'ringing', ring_count: 1, transcript: [], analysis: null, report: 'x'.repeat(5000) };
    expect(baselines.next(ROOM, 'call_1', 10, first)).toEqual({ kind: 'first' });
    const second = { ...first, status: 'answered', transcript: [{ speaker: 'agent', text: 'Hello' }] };
    expect(baselines.next(ROOM, 'call_1', 12, second)).toEqual({
      kind: 'patch',
      patch: { since: 10, set: { status: 'answered' }, append: { transcript: [{ speaker: 'agent', text: 'Hello' }] } },
    });
    const third = { ...second, transcript: [...second.transcript, { speaker: 'business', text: 'Hi, how can I help?' }] };
    const delta = baselines.next(ROOM, 'call_1', 15, third);
    expect(delta).toEqual({
      kind: 'patch',
      patch: { since: 12, append: { transcript: [{ speaker: 'business', text: 'Hi, how can I help?' }] } },
    });
    expect(JSON.stringify(delta).length).toBeLessThan(150);
  });

  it('rebuilds every document it was given from the first and the patches, whatever changed', () => {
    const baselines = new PushBaselines();
    const versions: Record<string, unknown>[] = [
      { a: 1, list: [1, 2], nested: { x: 1 } },
      { a: 1, list: [1, 2, 3], nested: { x: 2 } },
      { a: 2, list: [3], nested: { x: 2 }, added: true },
      { list: [3, '4,5'], added: true },
      { list: [3, '4,5', { y: [1] }], added: false, text: 'a"b' },
      { list: [], added: false, text: 'a"b' },
      { list: [0], added: false, text: 'a"b' },
    ];
    let client: Record<string, unknown> = {};
    versions.forEach((version, index) => {
      const delta = baselines.next(ROOM, 'd', index, version);
      if (delta.kind === 'first') client = { ...version };
      else if (delta.kind === 'patch') {
        expect(delta.patch.since).toBe(index - 1);
        client = applied(client, delta.patch);
      }
      expect(client).toEqual(version);
    });
  });

  it('answers unchanged, from the position of the document the room has, when nothing changed', () => {
    const baselines = new PushBaselines();
    baselines.next(ROOM, 'd', 3, { phase: 'calling' });
    expect(baselines.next(ROOM, 'd', 4, { phase: 'calling' })).toEqual({ kind: 'unchanged', since: 3 });
    expect(baselines.next(ROOM, 'd', 6, { phase: 'done' })).toEqual({ kind: 'patch', patch: { since: 3, set: { phase: 'done' } } });
  });

  it('keeps rooms and documents apart, starts again after a deletion, and forgets the oldest past its budget', () => {
    const baselines = new PushBaselines(200);
    baselines.next(ROOM, 'd', 1, { v: 1 });
    expect(baselines.next(`${ROOM}#preview`, 'd', 1, { v: 1 })).toEqual({ kind: 'first' });
    expect(baselines.next(ROOM, 'e', 1, { v: 1 })).toEqual({ kind: 'first' });
    expect(baselines.next(ROOM, 'd', 2, null)).toEqual({ kind: 'first' });
    expect(baselines.next(ROOM, 'd', 3, { v: 1 })).toEqual({ kind: 'first' });
    baselines.next(ROOM, 'big', 4, { text: 'x'.repeat(150) });
    // `e` was pushed longest ago: it no longer fits.
    expect(baselines.next(ROOM, 'e', 5, { v: 2 })).toEqual({ kind: 'first' });
  });
});
