import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/**
 * argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane: the library's
 * defaults, written out so a library upgrade cannot weaken them). Used for
 * passwords and for emailed codes, whose few digits must not be readable
 * from a copy of the database within their lifetime.
 */
const ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

@Injectable()
export class PasswordHasher {
  /** Compared against when there is no stored hash, so a missing account costs the same time. */
  private readonly standIn = hash(randomBytes(32), ARGON2ID);

  hash(secret: string): Promise<string> {
    return hash(secret, ARGON2ID);
  }

  /** False for a wrong secret, a missing hash (after the same work) or a damaged one. */
  async verify(storedHash: string | null | undefined, secret: string): Promise<boolean> {
    if (!storedHash) {
      await verify(await this.standIn, secret).catch(() => false);
      return false;
    }
    return verify(storedHash, secret).catch(() => false);
  }
}
