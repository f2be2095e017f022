// The session's access and id tokens, held in memory only: page scripts never find them in
// browser storage, and the refresh token is not here at all — it is the HttpOnly `bt_refresh`
// cookie the gateway sets (docs/security.md, "Token storage"). A reload starts with nothing and
// gets fresh tokens from POST /api/auth/refresh.

import { markSessionCookie } from './auth-storage';

export interface SessionTokens {
  idToken: string;
  accessToken: string;
  /** Epoch ms at which the access token expires, when known. */
  expiresAt?: number;
}

let held: SessionTokens | null = null;

export function currentTokens(): SessionTokens | null {
  return held;
}

/** Holds a session's tokens; the gateway set its refresh cookie with them, which the next start-up asks. */
export function holdTokens(tokens: SessionTokens): void {
  held = tokens;
  markSessionCookie(true);
}

export function forgetTokens(): void {
  held = null;
}

/** Converts the API's tokens (lifetime in seconds) into what is held (absolute expiry). */
export function toSessionTokens(
  tokens: { idToken: string; accessToken: string; expiresIn: number },
  now = Date.now(),
): SessionTokens {
  return {
    idToken: tokens.idToken,
    accessToken: tokens.accessToken,
    ...(Number.isFinite(tokens.expiresIn) ? { expiresAt: now + tokens.expiresIn * 1000 } : {}),
  };
}

/** When the access token expires: the known expiry, else the JWT `exp` claim, else unknown (null). */
export function accessTokenExpiry(tokens: SessionTokens): number | null {
  if (typeof tokens.expiresAt === 'number') return tokens.expiresAt;
  const exp = jwtClaim(tokens.accessToken, 'exp');
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** Spec §9 "Token tolerance 5 s": a token this close to expiry is treated as expired. */
const TOKEN_TOLERANCE_MS = 5000;

export function isExpiring(tokens: SessionTokens, now = Date.now()): boolean {
  const expiry = accessTokenExpiry(tokens);
  return expiry !== null && expiry - TOKEN_TOLERANCE_MS <= now;
}

/** The user a token names (its `sub`), or null when it cannot be read. */
export function subjectOf(token: string | undefined): string | null {
  const sub = token ? jwtClaim(token, 'sub') : undefined;
  return typeof sub === 'string' ? sub : null;
}

function jwtClaim(token: string, claim: string): unknown {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as Record<string, unknown>)[claim];
  } catch {
    return undefined;
  }
}
