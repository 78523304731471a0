import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../infrastructure/threads/module-worker';
import type { EncoderReply, EncoderRequest } from './mp3-encoder-thread';

export { RECORDING_MP3 } from './mp3-encoding';

/** An encoded recording, or why the WAV could not be read (it is then not a 16-bit PCM WAV). */
export type EncodedRecording = { mp3: Buffer } | { unreadable: string };

interface Pending {
  resolve: (result: EncodedRecording) => void;
  reject: (error: Error) => void;
}

/**
 * One encoder thread for the process, started with the first recording and holding the process open
 * only while it has work: fifty calls ending together would otherwise take the event loop for seconds.
 */
class EncoderThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  encode(wav: Buffer): Promise<EncodedRecording> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<EncodedRecording>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      // A copy is handed over, so the caller's buffer stays usable.
      const copy = new Uint8Array(wav);
      worker.postMessage({ id, wav: copy } satisfies EncoderRequest, [copy.buffer]);
    });
  }

  private start(): Worker {
    const worker = startModuleWorker(__dirname, 'mp3-encoder-thread', {});
    worker.on('message', (reply: EncoderReply) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in reply) pending?.reject(new Error(`Encoding the recording failed: ${reply.error}`));
      else if ('unreadable' in reply) pending?.resolve({ unreadable: reply.unreadable });
      else pending?.resolve({ mp3: Buffer.from(reply.mp3.buffer, reply.mp3.byteOffset, reply.mp3.byteLength) });
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(new Error(`The recording encoder's thread stopped with code ${code}`));
    });
    return worker;
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

const thread = new EncoderThread();

/**
 * Encodes a WAV recording (16-bit PCM) to MP3 in the stored format (see RECORDING_MP3 and encodeMp3)
 * on the encoder's own thread: reading and encoding a call take tens of milliseconds of CPU.
 */
export function encodeWavAsMp3(wav: Buffer): Promise<EncodedRecording> {
  return thread.encode(wav);
}
