import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_PROVEN_VISITORS, VisitorProof } from './visitor-proof';
import { loadVisitorProofKey, VISITOR_PROOF_KEY_FILE } from './visitor-proof-key';

const anon = () => `anon_${randomUUID()}`;

describe('VisitorProof', () => {
  const proof = new VisitorProof(randomBytes(32));

  it('proves the ids it sealed, newest first, without duplicates and at most a few', () => {
    const ids = Array.from({ length: MAX_PROVEN_VISITORS + 2 }, anon);
    expect(proof.open(proof.seal([ids[0], ids[0], ids[1]]))).toEqual([ids[0], ids[1]]);
    expect(proof.open(proof.seal(ids))).toEqual(ids.slice(0, MAX_PROVEN_VISITORS));
  });

  it('proves nothing for a missing, malformed, altered or foreign value', () => {
    const sealed = proof.seal([anon()]);
    const [version, payload, mac] = sealed.split('.');
    const swapped = Buffer.from(anon()).toString('base64url');
    for (const value of [undefined, null, '', 'v1', `${version}.${payload}`, `${version}.${swapped}.${mac}`, `v2.${payload}.${mac}`, `${sealed}.x`, 'x'.repeat(5000)]) {
      expect(proof.open(value)).toEqual([]);
    }
    expect(new VisitorProof(randomBytes(32)).open(sealed)).toEqual([]);
  });

  it('answers a value checked before as it did, forged or not, and past the number of checks it remembers', () => {
    const fresh = new VisitorProof(randomBytes(32));
    const id = anon();
    const sealed = fresh.seal([id]);
    const forged = `${sealed.slice(0, -2)}xx`;
    for (let round = 0; round < 2; round++) {
      expect(fresh.open(sealed)).toEqual([id]);
      expect(fresh.open(forged)).toEqual([]);
    }
    expect(Object.isFrozen(fresh.open(sealed))).toBe(true);
    const others = Array.from({ length: 10_001 }, () => fresh.seal([anon()]));
    for (const other of others) fresh.open(other);
    expect(fresh.open(sealed)).toEqual([id]);
    expect(fresh.open(forged)).toEqual([]);
  });

  it('refuses a key too short to be secret', () => {
    expect(() => new VisitorProof(Buffer.alloc(8))).toThrow(RangeError);
  });
});

describe('loadVisitorProofKey', () => {
  it('uses the configured secret, else makes a key in the data folder once and keeps it private', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'visitor-key-'));
    expect(loadVisitorProofKey({ secret: 's'.repeat(40), dataDir })).toEqual(Buffer.from('s'.repeat(40)));
    const made = loadVisitorProofKey({ dataDir });
    expect(made.length).toBe(32);
    expect(loadVisitorProofKey({ dataDir })).toEqual(made);
    expect(readFileSync(join(dataDir, VISITOR_PROOF_KEY_FILE), 'utf8')).toBe(made.toString('base64url'));
    expect(statSync(join(dataDir, VISITOR_PROOF_KEY_FILE)).mode & 0o077).toBe(0);
  });

  it('replaces a damaged key file with a new key', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'visitor-key-'));
    writeFileSync(join(dataDir, VISITOR_PROOF_KEY_FILE), 'short');
    const made = loadVisitorProofKey({ dataDir });
    expect(made.length).toBe(32);
    expect(loadVisitorProofKey({ dataDir })).toEqual(made);
  });
});
