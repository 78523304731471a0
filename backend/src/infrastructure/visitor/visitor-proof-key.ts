import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const VISITOR_PROOF_KEY_FILE = 'visitor-proof-key';

/**
 * The key visitor proofs are sealed with: from the configured secret (several nodes share it), else
 * from `<dataDir>/visitor-proof-key`, made on first start and readable by the server's user only.
 */
export function loadVisitorProofKey(options: { secret?: string; dataDir: string }): Buffer {
  if (options.secret) return Buffer.from(options.secret);
  const path = join(options.dataDir, VISITOR_PROOF_KEY_FILE);
  if (existsSync(path)) {
    const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url');
    if (key.length >= 32) return key;
  }
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(path, key.toString('base64url'), { mode: 0o600 });
  return key;
}
