import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { sign, verify } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateSigningKey, SIGNING_KEY_FILE } from './signing-key-store';

describe('loadOrCreateSigningKey', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'signing-key-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('makes a new Ed25519 key in each data folder, and keeps it across starts', () => {
    const dir = newDir();
    const key = loadOrCreateSigningKey(dir);
    expect(key.privateKey.asymmetricKeyType).toBe('ed25519');
    expect(key.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: key.kid, alg: 'EdDSA', use: 'sig' });
    const signature = sign(null, Buffer.from('token'), key.privateKey);
    expect(verify(null, Buffer.from('token'), key.publicKey, signature)).toBe(true);
    expect(loadOrCreateSigningKey(dir).kid).toBe(key.kid);
    expect(JSON.parse(readFileSync(join(dir, SIGNING_KEY_FILE), 'utf8')).privateJwk.d).toEqual(expect.any(String));
    expect(loadOrCreateSigningKey(newDir()).kid).not.toBe(key.kid);
  });

  it('makes many keys in a row without hanging (exports run while garbage is collected)', () => {
    const kids = new Set(Array.from({ length: 200 }, () => loadOrCreateSigningKey(newDir()).kid));
    expect(kids.size).toBe(200);
  });
});
