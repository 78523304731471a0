/** The recording encoder's thread: reads the WAV recordings the server posts and encodes them, one after the other. */
import { parentPort } from 'node:worker_threads';
import { type DecodedWav, decodeWav } from '../adapters/sandbox/wav-file';
import { encodeMp3 } from './mp3-encoding';

export type EncoderRequest = { id: number; wav: Uint8Array };
/** `unreadable`: not a 16-bit PCM WAV, which is then kept as it came. */
export type EncoderReply = { id: number; mp3: Uint8Array } | { id: number; unreadable: string } | { id: number; error: string };

const port = parentPort!;
let queue: Promise<void> = Promise.resolve();

async function encode({ id, wav }: EncoderRequest): Promise<void> {
  let pcm: DecodedWav;
  try {
    pcm = decodeWav(Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength));
    if (pcm.bitsPerSample !== 16) throw new Error(`${pcm.bitsPerSample}-bit samples`);
  } catch (error) {
    port.postMessage({ id, unreadable: (error as Error).message } satisfies EncoderReply);
    return;
  }
  try {
    const mp3 = await encodeMp3(pcm);
    port.postMessage({ id, mp3 } satisfies EncoderReply, [mp3.buffer as ArrayBuffer]);
  } catch (error) {
    port.postMessage({ id, error: (error as Error).message } satisfies EncoderReply);
  }
}

port.on('message', (request: EncoderRequest) => {
  queue = queue.then(() => encode(request));
});
