import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../infrastructure/config';
import { encodeWavAsMp3 } from '../recording/mp3-encoder';

/** A recording on disk and the type it is served as. */
export interface StoredRecording {
  path: string;
  contentType: string;
}

/** Newest format first: data directories from before MP3 still hold WAV recordings, served as they are. */
const FORMATS = [
  { extension: 'mp3', contentType: 'audio/mpeg' },
  { extension: 'wav', contentType: 'audio/wav' },
] as const;

/** Call recordings under `<DATA_DIR>/recordings/`: `<callId>.mp3` (see RECORDING_MP3), or `.wav` from older versions. */
@Injectable()
export class RecordingStore {
  private readonly logger = new Logger('Recordings');
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = join(config.dataDir, 'recordings');
  }

  /**
   * Stores a call's recording, given as the PCM WAV a telephony provider reports, compressed to MP3.
   * A WAV the encoder cannot read (not 16-bit PCM) is kept as it came rather than lost.
   */
  async save(callId: string, wav: Buffer): Promise<StoredRecording & { bytes: number }> {
    const encoded = await encodeWavAsMp3(wav);
    if ('unreadable' in encoded) this.logger.warn(`Recording of ${callId} is kept as WAV: ${encoded.unreadable}`);
    const [format, bytes] = 'mp3' in encoded ? [FORMATS[0], encoded.mp3] : [FORMATS[1], wav];
    await mkdir(this.dir, { recursive: true });
    const path = this.pathOf(callId, format.extension);
    // Written aside, then renamed: a crash never leaves a torn recording behind.
    await writeFile(`${path}.tmp`, bytes);
    await rename(`${path}.tmp`, path);
    return { path, contentType: format.contentType, bytes: bytes.length };
  }

  /** The call's recording in whichever format it was stored, or null. */
  find(callId: string): StoredRecording | null {
    for (const format of FORMATS) {
      const path = this.pathOf(callId, format.extension);
      if (existsSync(path)) return { path, contentType: format.contentType };
    }
    return null;
  }

  private pathOf(callId: string, extension: string): string {
    return join(this.dir, `${callId}.${extension}`);
  }
}
