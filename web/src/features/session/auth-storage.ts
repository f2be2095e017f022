// Everything the session keeps in browser storage (spec §3 "Browser storage").
import type { AuthTokens } from '../../api';

export const STORAGE_KEYS = {
  /** localStorage: the signed-in (or guest) user's tokens, JSON { idToken, accessToken, refreshToken, expiresAt? }. */
  auth: 'backtalk.auth',
  /** localStorage: 'true' while the stored tokens belong to a guest. */
  isGuestUser: 'IS_GUEST_USER',
  /** localStorage: where /sign-in sends the user after authentication. */
  signInRedirectPath: 'SIGNIN_REDIRECT_PATH',
  /** sessionStorage (per tab): 'true' while this tab shows the sign-in page. */
  signInPageActive: 'IS_SIGNIN_PAGE_ACTIVE',
  /** localStorage: epoch ms at which some tab started creating a guest (the cross-tab lock). */
  guestCreationInProgress: 'GUEST_CREATION_IN_PROGRESS',
} as const;

export interface StoredTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  /** Epoch ms at which the access token expires, when known. */
  expiresAt?: number;
}

export function readTokens(): StoredTokens | null {
  const raw = safeGet(localStorage, STORAGE_KEYS.auth);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredTokens> | null;
    if (value && typeof value.accessToken === 'string' && typeof value.refreshToken === 'string') {
      return {
        idToken: typeof value.idToken === 'string' ? value.idToken : '',
        accessToken: value.accessToken,
        refreshToken: value.refreshToken,
        ...(typeof value.expiresAt === 'number' ? { expiresAt: value.expiresAt } : {}),
      };
    }
  } catch {
    // Corrupt value: treated as signed out.
  }
  return null;
}

export function writeTokens(tokens: StoredTokens): void {
  localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify(tokens));
}

export function clearTokens(): void {
  localStorage.removeItem(STORAGE_KEYS.auth);
  localStorage.removeItem(STORAGE_KEYS.isGuestUser);
}

/** Converts the API's tokens (lifetime in seconds) into what is stored (absolute expiry). */
export function toStoredTokens(tokens: AuthTokens, now = Date.now()): StoredTokens {
  return {
    idToken: tokens.idToken,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    ...(Number.isFinite(tokens.expiresIn) ? { expiresAt: now + tokens.expiresIn * 1000 } : {}),
  };
}

/** When the access token expires: the stored expiry, else the JWT `exp` claim, else unknown (null). */
export function accessTokenExpiry(tokens: StoredTokens): number | null {
  if (typeof tokens.expiresAt === 'number') return tokens.expiresAt;
  const exp = jwtClaim(tokens.accessToken, 'exp');
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** Spec §9 "Token tolerance 5 s": a token this close to expiry is treated as expired. */
const TOKEN_TOLERANCE_MS = 5000;

export function isExpiring(tokens: StoredTokens, now = Date.now()): boolean {
  const expiry = accessTokenExpiry(tokens);
  return expiry !== null && expiry - TOKEN_TOLERANCE_MS <= now;
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

export function markGuest(isGuest: boolean): void {
  if (isGuest) localStorage.setItem(STORAGE_KEYS.isGuestUser, 'true');
  else localStorage.removeItem(STORAGE_KEYS.isGuestUser);
}

/** Records where to return after sign-in (the sign-in page reads it). */
export function rememberSignInRedirect(path: string): void {
  localStorage.setItem(STORAGE_KEYS.signInRedirectPath, path);
}

export function isSignInPath(pathname: string): boolean {
  return pathname === '/sign-in' || pathname.startsWith('/sign-in/');
}

/** Keeps this tab's sign-in-page flag in step with the route it shows. */
export function setSignInPageActive(active: boolean): void {
  if (active) sessionStorage.setItem(STORAGE_KEYS.signInPageActive, 'true');
  else sessionStorage.removeItem(STORAGE_KEYS.signInPageActive);
}

/** True while this tab is on the sign-in page, where no guest is created. */
export function isSignInPageActive(): boolean {
  return (
    isSignInPath(window.location.pathname) ||
    safeGet(sessionStorage, STORAGE_KEYS.signInPageActive) === 'true'
  );
}

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}
