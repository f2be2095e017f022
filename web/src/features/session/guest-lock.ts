// Guest creation (spec §4): when there is no session the app creates guest credentials. Only one
// creation may run at a time across tabs: a Web Lock where the browser has them, and the spec's
// flag — the creator writes a timestamp under GUEST_CREATION_IN_PROGRESS, which counts as held for
// 10 s; other tabs poll every 100 ms until it is released or expires. A tab that waited then asks
// the refresh cookie first: the guest the other tab created is shared through it.
import { ApiError, createGuest, refreshSession } from '../../api';
import { STORAGE_KEYS, markGuest } from './auth-storage';
import { announceSessionChange, withCrossTabLock } from './cross-tab';
import { currentTokens, holdTokens, subjectOf, toSessionTokens, type SessionTokens } from './session-tokens';

export const GUEST_CREATION_LOCK_MS = 10000;
const GUEST_CREATION_POLL_MS = 100;
/** Fired on window whenever this tab has new guest tokens. */
export const GUEST_TOKENS_UPDATED_EVENT = 'guestUserTokensUpdated';

let inFlight: Promise<SessionTokens> | null = null;

/** Returns the session's tokens, creating guest credentials first if there are none. */
export function ensureGuestTokens(): Promise<SessionTokens> {
  const existing = currentTokens();
  if (existing) return Promise.resolve(existing);
  // Callers in this tab share one attempt.
  if (!inFlight) {
    inFlight = withCrossTabLock('backtalk-guest-creation', acquireOrWait).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

/** The guest creation currently running in this tab, if any. */
export function pendingGuestCreation(): Promise<SessionTokens> | null {
  return inFlight;
}

function lockHeldByOther(now: number): boolean {
  const raw = localStorage.getItem(STORAGE_KEYS.guestCreationInProgress);
  const startedAt = raw === null ? NaN : Number(raw);
  return Number.isFinite(startedAt) && now - startedAt < GUEST_CREATION_LOCK_MS;
}

async function acquireOrWait(waitedForLock: boolean): Promise<SessionTokens> {
  let waited = waitedForLock;
  for (;;) {
    const tokens = currentTokens();
    if (tokens) return tokens;
    if (!lockHeldByOther(Date.now())) return createHoldingLock(waited);
    waited = true;
    await sleep(GUEST_CREATION_POLL_MS);
  }
}

async function createHoldingLock(afterAnotherTab: boolean): Promise<SessionTokens> {
  const stamp = String(Date.now());
  localStorage.setItem(STORAGE_KEYS.guestCreationInProgress, stamp);
  try {
    const shared = afterAnotherTab ? await sessionFromCookie() : null;
    if (shared) return shared;
    const reply = await createGuest('default');
    const tokens = toSessionTokens(reply.tokens);
    holdTokens(tokens);
    markGuest(true);
    window.dispatchEvent(new Event(GUEST_TOKENS_UPDATED_EVENT));
    announceSessionChange(subjectOf(tokens.idToken) ?? reply.userId);
    return tokens;
  } finally {
    // Release only our own lock: after an expiry another tab may have taken it over.
    if (localStorage.getItem(STORAGE_KEYS.guestCreationInProgress) === stamp) {
      localStorage.removeItem(STORAGE_KEYS.guestCreationInProgress);
    }
  }
}

/** The session another tab left in the cookie, or null if there is none. */
async function sessionFromCookie(): Promise<SessionTokens | null> {
  try {
    const reply = await refreshSession();
    const tokens = toSessionTokens(reply.tokens);
    holdTokens(tokens);
    return tokens;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
