import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'backtalk-weekly-digest-unsubscribe';

const signatureOf = (secret: string, creatorId: string): Buffer =>
  createHmac('sha256', secret).update(`${PURPOSE}:${creatorId}`).digest();

/**
 * The digest email's unsubscribe token (docs/creators.md, "Weekly digest"): the creator's id and
 * an HMAC-SHA256 of it under creators' digest secret, both base64url. It works without signing in
 * and only ever turns the digest off, so it needs no expiry; a new secret voids every old link.
 */
export function unsubscribeToken(secret: string, creatorId: string): string {
  return `${Buffer.from(creatorId).toString('base64url')}.${signatureOf(secret, creatorId).toString('base64url')}`;
}

/** The creator a token names, or null when it is not one this secret signed. */
export function creatorOfToken(secret: string, token: string): string | null {
  const [id, signature, extra] = token.split('.');
  if (!id || !signature || extra !== undefined) return null;
  const creatorId = Buffer.from(id, 'base64url').toString();
  if (!/^[0-9a-f-]{36}$/.test(creatorId)) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secret, creatorId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? creatorId : null;
}
