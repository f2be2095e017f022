/** What the reuse rule reads of a stored refresh token (the presented one, or its successor). */
export interface StoredRefreshToken {
  usedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
}

/**
 * TOKEN_INVALID: unknown, revoked, or expired unused. REUSE_GRACE: a second tab refreshing
 * with the same cookie — access and id tokens, no refresh token. TOKEN_REUSED: theft, the
 * family is revoked.
 */
export type SpentTokenVerdict = 'TOKEN_INVALID' | 'REUSE_GRACE' | 'TOKEN_REUSED';

/**
 * What a refresh token that could not be rotated means (docs/security.md, "Rotation, reuse and
 * two tabs"). A spent token presented again is reuse, unless it was rotated at most
 * `graceSeconds` ago (0 turns the grace off) and its successor is still unused, unrevoked and
 * unexpired.
 */
export function spentTokenVerdict(input: {
  token: StoredRefreshToken | null;
  successor: StoredRefreshToken | null;
  now: Date;
  graceSeconds: number;
}): SpentTokenVerdict {
  const { token, successor, now } = input;
  if (!token?.usedAt || token.revokedAt) return 'TOKEN_INVALID';
  const graceMs = input.graceSeconds * 1000;
  const withinGrace = graceMs > 0 && now.getTime() - token.usedAt.getTime() <= graceMs;
  return withinGrace && successor !== null && isLive(successor, now) ? 'REUSE_GRACE' : 'TOKEN_REUSED';
}

function isLive(token: StoredRefreshToken, now: Date): boolean {
  return token.usedAt === null && token.revokedAt === null && token.expiresAt.getTime() > now.getTime();
}
