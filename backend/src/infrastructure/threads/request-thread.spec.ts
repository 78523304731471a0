import { threadId } from 'node:worker_threads';
import type { EchoReply, EchoRequest } from './echo-thread.fixture';
import { RequestThread } from './request-thread';

describe('RequestThread', () => {
  const thread = new RequestThread<EchoRequest, EchoReply>(__dirname, 'echo-thread.fixture', 'The echo thread');

  it('answers on a thread of its own, handing buffers over both ways', async () => {
    const bytes = Uint8Array.from([1, 2, 3]);
    const reply = await thread.request({ bytes }, [bytes.buffer]);
    expect(reply.threadId).not.toBe(threadId);
    expect([...reply.bytes]).toEqual([1, 2, 3]);
    // Handed over, not copied: the sender's buffer is detached.
    expect(bytes.byteLength).toBe(0);
  });

  it('fails only the request whose handler threw, and answers each in order', async () => {
    const answers = await Promise.allSettled([
      thread.request({ bytes: Uint8Array.of(1), delayMs: 20 }),
      thread.request({ bytes: Uint8Array.of(2), fail: 'no such call' }),
      thread.request({ bytes: Uint8Array.of(3) }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((answers[1] as PromiseRejectedResult).reason.message).toBe('no such call');
    expect([...(answers[2] as PromiseFulfilledResult<EchoReply>).value.bytes]).toEqual([3]);
  });
});
