/** The sandbox's recording thread: mixes the recordings of calls that ended, one after the other, off the event loop. */
import { serveRequests } from '../../../infrastructure/threads/serve-requests';
import { mixRecording, type RecordingMix } from './recording-mix';

serveRequests<RecordingMix, Uint8Array>((mix) => {
  const wav = mixRecording(mix);
  return { reply: wav, transfer: [wav.buffer as ArrayBuffer] };
});
