import { createHash, randomBytes, randomInt } from 'node:crypto';
import { OAUTH_CODE_VERIFIER_LENGTH, OAUTH_STATE_LENGTH } from '@backtalk/proto';

const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters drawn uniformly (randomInt has no modulo bias) from A–Z, a–z, 0–9. */
function randomAlphanumerics(length: number): string {
  let value = '';
  for (let index = 0; index < length; index += 1) value += ALPHANUMERICS[randomInt(ALPHANUMERICS.length)];
  return value;
}

/** Spec §9: the OAuth state is 32 random alphanumerics (about 190 bits). */
export function newOAuthState(): string {
  return randomAlphanumerics(OAUTH_STATE_LENGTH);
}

/** Spec §9: the PKCE code verifier is 128 characters (RFC 7636 allows 43–128 unreserved characters). */
export function newCodeVerifier(): string {
  return randomAlphanumerics(OAUTH_CODE_VERIFIER_LENGTH);
}

/** 32 random bytes, base64url (43 characters): the nonce, and the binding cookie's value. */
export function newRandomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a value the browser holds (state, binding): its SHA-256. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
