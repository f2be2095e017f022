// Guest creation (spec §4): when there are no stored tokens the app creates guest credentials.
// Only one creation may run at a time across tabs: the creator writes a timestamp under
// GUEST_CREATION_IN_PROGRESS, which counts as held for 10 s; other tabs poll every 100 ms until
// tokens appear, or the flag is released or expires, and then try again themselves.
import { createGuest } from '../../api';
import {
  STORAGE_KEYS,
  readTokens,
  toStoredTokens,
  writeTokens,
  markGuest,
  type StoredTokens,
} from './auth-storage';

export const GUEST_CREATION_LOCK_MS = 10000;
const GUEST_CREATION_POLL_MS = 100;
/** Fired on window whenever new guest tokens have been stored. */
export const GUEST_TOKENS_UPDATED_EVENT = 'guestUserTokensUpdated';

let inFlight: Promise<StoredTokens> | null = null;

/** Returns the stored tokens, creating guest credentials first if there are none. */
export function ensureGuestTokens(): Promise<StoredTokens> {
  const existing = readTokens();
  if (existing) return Promise.resolve(existing);
  // Callers in this tab share one attempt.
  if (!inFlight) {
    inFlight = acquireOrWait().finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

/** The guest creation currently running in this tab, if any. */
export function pendingGuestCreation(): Promise<StoredTokens> | null {
  return inFlight;
}

function lockHeldByOther(now: number): boolean {
  const raw = localStorage.getItem(STORAGE_KEYS.guestCreationInProgress);
  const startedAt = raw === null ? NaN : Number(raw);
  return Number.isFinite(startedAt) && now - startedAt < GUEST_CREATION_LOCK_MS;
}

async function acquireOrWait(): Promise<StoredTokens> {
  for (;;) {
    const tokens = readTokens();
    if (tokens) return tokens;
    if (!lockHeldByOther(Date.now())) return createHoldingLock();
    await sleep(GUEST_CREATION_POLL_MS);
  }
}

async function createHoldingLock(): Promise<StoredTokens> {
  const stamp = String(Date.now());
  localStorage.setItem(STORAGE_KEYS.guestCreationInProgress, stamp);
  try {
    const reply = await createGuest('default');
    const tokens = toStoredTokens(reply.tokens);
    writeTokens(tokens);
    markGuest(true);
    window.dispatchEvent(new Event(GUEST_TOKENS_UPDATED_EVENT));
    return tokens;
  } finally {
    // Release only our own lock: after an expiry another tab may have taken it over.
    if (localStorage.getItem(STORAGE_KEYS.guestCreationInProgress) === stamp) {
      localStorage.removeItem(STORAGE_KEYS.guestCreationInProgress);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
