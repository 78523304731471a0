/** A thread for the specs of RequestThread: answers with its thread id and the bytes it was given, or fails on request. */
import { threadId } from 'node:worker_threads';
import { serveRequests } from './serve-requests';

export type EchoRequest = { bytes: Uint8Array; fail?: string; delayMs?: number };
export type EchoReply = { threadId: number; bytes: Uint8Array };

serveRequests<EchoRequest, EchoReply>(async ({ bytes, fail, delayMs }) => {
  if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
  if (fail) throw new Error(fail);
  return { reply: { threadId, bytes }, transfer: [bytes.buffer as ArrayBuffer] };
});
