// Everything the session keeps in browser storage (spec §3 "Browser storage"). The spec's "auth
// tokens" are deliberately not among them: the access and id tokens live in memory
// (session-tokens.ts) and the refresh token in an HttpOnly cookie (docs/security.md, "Token storage").

export const STORAGE_KEYS = {
  /** localStorage: 'true' while this browser's session belongs to a guest. */
  isGuestUser: 'IS_GUEST_USER',
  /** localStorage: where /sign-in sends the user after authentication. */
  signInRedirectPath: 'SIGNIN_REDIRECT_PATH',
  /** sessionStorage (per tab): 'true' while this tab shows the sign-in page. */
  signInPageActive: 'IS_SIGNIN_PAGE_ACTIVE',
  /** localStorage: epoch ms at which some tab started creating a guest (the cross-tab lock). */
  guestCreationInProgress: 'GUEST_CREATION_IN_PROGRESS',
  /**
   * localStorage: 'true' once this browser was handed a session (signed in or guest), so the HttpOnly
   * refresh cookie may be there; 'false' when the refresh said there is none or after sign-out. Where
   * it is 'false', or absent on a new visitor's empty storage, start-up does not ask
   * POST /api/auth/refresh (the call could only answer 401).
   */
  mayHaveSession: 'HAS_SESSION_COOKIE',
} as const;

export function markGuest(isGuest: boolean): void {
  if (isGuest) localStorage.setItem(STORAGE_KEYS.isGuestUser, 'true');
  else localStorage.removeItem(STORAGE_KEYS.isGuestUser);
}

/** Notes whether the refresh cookie may be there (see STORAGE_KEYS.mayHaveSession). */
export function markSessionCookie(present: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEYS.mayHaveSession, String(present));
  } catch {
    // Storage refused (private mode): start-up then asks the cookie as before.
  }
}

/**
 * Whether start-up should ask the refresh cookie. Without the marker, a browser that stored anything
 * for this site before is asked anyway: it may hold a session from before the marker existed (a
 * guest's chats live in that session), while a new visitor's storage is empty. When storage cannot be
 * read, the refresh is asked.
 */
export function mayHaveSessionCookie(): boolean {
  try {
    const marker = localStorage.getItem(STORAGE_KEYS.mayHaveSession);
    if (marker !== null) return marker === 'true';
    return localStorage.length > 0;
  } catch {
    return true;
  }
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
