/** The recording encoder's thread: reads the WAV recordings the server posts and encodes them, one after the other. */
import { type DecodedWav, decodeWav } from '../adapters/sandbox/wav-file';
import { serveRequests } from '../../infrastructure/threads/serve-requests';
import { encodeMp3 } from './mp3-encoding';

export type EncoderRequest = { wav: Uint8Array };
/** `unreadable`: not a 16-bit PCM WAV, which is then kept as it came. */
export type EncoderReply = { mp3: Uint8Array } | { unreadable: string };

serveRequests<EncoderRequest, EncoderReply>(async ({ wav }) => {
  let pcm: DecodedWav;
  try {
    pcm = decodeWav(Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength));
    if (pcm.bitsPerSample !== 16) throw new Error(`${pcm.bitsPerSample}-bit samples`);
  } catch (error) {
    return { reply: { unreadable: (error as Error).message } };
  }
  try {
    const mp3 = await encodeMp3(pcm);
    return { reply: { mp3 }, transfer: [mp3.buffer as ArrayBuffer] };
  } catch (error) {
    throw new Error(`Encoding the recording failed: ${(error as Error).message}`);
  }
});
