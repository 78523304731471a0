import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { Injectable } from '@nestjs/common';

/** argon2id (the package's const enum cannot be read under isolated modules). */
const ARGON2ID = 2 as Algorithm;
/** OWASP's recommended argon2id settings: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes passwords with argon2id; the plain password never leaves these calls. */
@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /** Costs as much as a real check: an unknown e-mail answers as slowly as a wrong password. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= hash(randomBytes(32).toString('base64url'), OPTIONS);
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
