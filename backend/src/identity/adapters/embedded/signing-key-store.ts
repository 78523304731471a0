import { chmodSync, statSync } from 'node:fs';
import { createHash, createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { JWK } from 'jose';
import { fileMadeOnce } from '../../../infrastructure/storage/file-made-once';

export const SIGNING_KEY_FILE = 'auth-signing-key.json';
export const SIGNING_ALGORITHM = 'EdDSA';

/** The app's token-signing key pair. */
export interface SigningKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** Public half as published in the JWKS. */
  readonly publicJwk: JWK;
}

interface SigningKeyFile {
  kid: string;
  alg: typeof SIGNING_ALGORITHM;
  createdAt: string;
  privateJwk: JWK;
}

/**
 * Loads the Ed25519 key the app signs access tokens with from `<dataDir>/auth-signing-key.json`,
 * creating it (readable by the owner only) on first start. Keeping it in the data folder keeps tokens
 * valid across restarts; deleting the file signs everybody out.
 */
export function loadOrCreateSigningKey(dataDir: string, now: () => Date = () => new Date()): SigningKey {
  const path = join(dataDir, SIGNING_KEY_FILE);
  const text = fileMadeOnce(path, () => {
    const privateJwk = newEd25519Key().export({ format: 'jwk' }) as JWK;
    const file: SigningKeyFile = { kid: thumbprintOf(privateJwk), alg: SIGNING_ALGORITHM, createdAt: now().toISOString(), privateJwk };
    return `${JSON.stringify(file, null, 2)}\n`;
  });
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  return parseKeyFile(text, path);
}

/** The PKCS #8 form of an Ed25519 private key (RFC 8410) up to its 32 bytes. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * A new Ed25519 private key, from 32 random bytes. Not from `generateKeyPairSync`: exporting the key it
 * made as JWK can hang Node 20 for good, when a garbage collection during the export finalises the
 * finished key-generation job, which locks the key the export holds (seen in a bench run).
 */
function newEd25519Key(): KeyObject {
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, randomBytes(32)]), format: 'der', type: 'pkcs8' });
}

function parseKeyFile(text: string, path: string): SigningKey {
  let file: SigningKeyFile;
  try {
    file = JSON.parse(text) as SigningKeyFile;
  } catch {
    throw new Error(`${path} is not valid JSON; delete it to create a new signing key (everybody will be signed out).`);
  }
  if (file.alg !== SIGNING_ALGORITHM || file.privateJwk?.crv !== 'Ed25519' || typeof file.kid !== 'string') {
    throw new Error(`${path} does not hold an Ed25519 signing key; delete it to create a new one.`);
  }
  const privateKey = createPrivateKey({ key: file.privateJwk as JsonWebKey, format: 'jwk' });
  const publicKey = createPublicKey(privateKey);
  const publicJwk = publicKey.export({ format: 'jwk' }) as JWK;
  return { kid: file.kid, privateKey, publicKey, publicJwk: { ...publicJwk, kid: file.kid, alg: SIGNING_ALGORITHM, use: 'sig' } };
}

/** RFC 7638 thumbprint of the public key, as the key id. */
function thumbprintOf(jwk: JWK): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x });
  return createHash('sha256').update(canonical).digest('base64url');
}
