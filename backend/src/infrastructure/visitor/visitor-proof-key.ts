import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileMadeOnce } from '../storage/file-made-once';

export const VISITOR_PROOF_KEY_FILE = 'visitor-proof-key';

/**
 * The key visitor proofs are sealed with: from the configured secret (several nodes share it), else
 * from `<dataDir>/visitor-proof-key`, made on first start and readable by the server's user only.
 */
export function loadVisitorProofKey(options: { secret?: string; dataDir: string }): Buffer {
  if (options.secret) return Buffer.from(options.secret);
  const path = join(options.dataDir, VISITOR_PROOF_KEY_FILE);
  const read = () => Buffer.from(fileMadeOnce(path, () => randomBytes(32).toString('base64url')).trim(), 'base64url');
  const key = read();
  if (key.length >= 32) return key;
  // A damaged file costs visitors their proofs only: they are asked again.
  rmSync(path, { force: true });
  return read();
}
