import { RequestThread } from '../../infrastructure/threads/request-thread';
import type { EncoderReply, EncoderRequest } from './mp3-encoder-thread';

export { RECORDING_MP3 } from './mp3-encoding';

/** An encoded recording, or why the WAV could not be read (it is then not a 16-bit PCM WAV). */
export type EncodedRecording = { mp3: Buffer } | { unreadable: string };

/** One encoder thread for the process: fifty calls ending together would otherwise take the event loop for seconds. */
const thread = new RequestThread<EncoderRequest, EncoderReply>(__dirname, 'mp3-encoder-thread', "The recording encoder's thread");

/**
 * Encodes a WAV recording (16-bit PCM) to MP3 in the stored format (see RECORDING_MP3 and encodeMp3)
 * on the encoder's own thread: reading and encoding a call take tens of milliseconds of CPU.
 */
export async function encodeWavAsMp3(wav: Buffer): Promise<EncodedRecording> {
  // A copy is handed over, so the caller's buffer stays usable.
  const copy = new Uint8Array(wav);
  const reply = await thread.request({ wav: copy }, [copy.buffer]);
  return 'mp3' in reply ? { mp3: Buffer.from(reply.mp3.buffer, reply.mp3.byteOffset, reply.mp3.byteLength) } : reply;
}
