import type { GroupReply, PreparedAppend } from './group-commit-protocol';
import { decodeGroup, decodeReply, encodeGroup, encodeReply, transferablesOf } from './writer-thread-codec';

const event = (id: string) => ({ id, type: 'Tested', data: `{"id":"${id}"}`, metadata: '{}' });

describe('writer thread codec', () => {
  it('carries a group of appends of every expectation and size unchanged', () => {
    const appends: PreparedAppend[] = [
      { streamId: 'a-1', expected: 'no_stream', events: [event('e1')] },
      { streamId: 'a-2', expected: 4, events: [event('e2'), event('e3'), event('e4')] },
      { streamId: 'a-3', expected: 'any', events: [event('e5')] },
      { streamId: 'a-4', expected: 'stream_exists', events: [event('e6'), event('e7')] },
      { streamId: 'a-5', expected: 0, events: [event('e8')] },
    ];
    const encoded = encodeGroup(appends);
    expect(encoded.every((value) => typeof value === 'string' || typeof value === 'number')).toBe(true);
    expect(decodeGroup(structuredClone(encoded))).toEqual(appends);
    expect(decodeGroup(encodeGroup([]))).toEqual([]);
  });

  it('carries each outcome back in its place, failures among successes', () => {
    const reply: GroupReply = {
      outcomes: [
        { ok: true, result: { nextExpectedRevision: 0, position: 11 } },
        { ok: false, failure: { kind: 'concurrency', streamId: 'a-2', expected: 4, actual: 'no_stream' } },
        { ok: true, result: { nextExpectedRevision: 7, position: 14 } },
        { ok: false, failure: { kind: 'engine', message: 'CHECK constraint failed', code: 'SQLITE_CONSTRAINT_CHECK' } },
      ],
    };
    const encoded = encodeReply(reply);
    expect(transferablesOf(encoded)).toHaveLength(1);
    expect(decodeReply(structuredClone(encoded))).toEqual(reply);
  });

  it('carries a failure of the whole group as it is', () => {
    const reply: GroupReply = { groupFailure: { kind: 'engine', message: 'disk I/O error', code: 'SQLITE_IOERR' } };
    const encoded = encodeReply(reply);
    expect(transferablesOf(encoded)).toEqual([]);
    expect(decodeReply(encoded)).toEqual(reply);
  });
});
