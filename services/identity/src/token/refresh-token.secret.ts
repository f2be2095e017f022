import { createHash, randomBytes } from 'node:crypto';

/**
 * Refresh tokens are opaque: 32 random bytes, base64url. Only their SHA-256
 * is stored, so a copy of the database signs nobody in. (A fast hash is
 * enough: the input is random, not a guessable password.)
 */
export function newRefreshTokenValue(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
