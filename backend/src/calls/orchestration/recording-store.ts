import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../infrastructure/config';

/** Call recordings as WAV files under `<DATA_DIR>/recordings/`. */
@Injectable()
export class RecordingStore {
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = join(config.dataDir, 'recordings');
  }

  pathOf(callId: string): string {
    return join(this.dir, `${callId}.wav`);
  }

  async save(callId: string, wav: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const path = this.pathOf(callId);
    // Written aside, then renamed: a crash never leaves a torn recording behind.
    await writeFile(`${path}.tmp`, wav);
    await rename(`${path}.tmp`, path);
    return path;
  }

  exists(callId: string): boolean {
    return existsSync(this.pathOf(callId));
  }
}
