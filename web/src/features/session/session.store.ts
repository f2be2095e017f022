// The signed-in user (spec §4 "Session"): loading, then guest or authenticated. 'anonymous' is
// the empty state of the sign-in page, where no guest is created.
//
// Tokens: the access and id tokens are held in memory (session-tokens.ts); the refresh token is
// the HttpOnly `bt_refresh` cookie, which POST /api/auth/refresh (no body, CSRF header) rotates.
// A page load therefore starts by asking that route for tokens: a 401 means there is no session.
import { isAdmin } from '@backtalk/proto/browser';
import { create } from 'zustand';
import {
  ApiError,
  bindAuth,
  getSession,
  refreshSession,
  signOutSession,
  type SessionInfo,
  type SignOutResult,
} from '../../api';
import { isSignInPageActive, markGuest, markSessionCookie, mayHaveSessionCookie } from './auth-storage';
import { announceSessionChange, withCrossTabLock } from './cross-tab';
import { ensureGuestTokens, pendingGuestCreation } from './guest-lock';
import {
  accessTokenExpiry,
  currentTokens,
  forgetTokens,
  holdTokens,
  isExpiring,
  subjectOf,
  toSessionTokens,
  type SessionTokens,
} from './session-tokens';

type SessionStatus = 'loading' | 'guest' | 'authenticated' | 'anonymous';

export interface SessionUser extends SessionInfo {
  isAdmin: boolean;
}

/** Spec §9: guest credentials are refreshed every 3000000 ms. */
export const GUEST_REFRESH_INTERVAL_MS = 3000000;
/** Access tokens are refreshed this long before they expire. */
const REFRESH_AHEAD_MS = 60000;
/** Spec §9: retryable statuses 429, 500, 502, 503 and 504; retry cap 3; backoff capped at 5 min. */
const RETRYABLE_STATUSES = [429, 500, 502, 503, 504];
const RETRY_CAP = 3;
const MAX_BACKOFF_MS = 5 * 60_000;

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /**
   * Loads (or reloads) the session: the tokens in memory, else the refresh cookie's session, else
   * a new guest (not on the sign-in page, where the status becomes 'anonymous').
   */
  bootstrap(): Promise<void>;
  /**
   * Rotates the tokens through the refresh cookie. Resolves to the new access token, or null if
   * none could be had: a network failure is ignored (tokens kept); any other failure signs out,
   * which starts a new guest session. When the cookie now belongs to another user (an OAuth
   * sign-in, another tab), that user's session is loaded.
   */
  refresh(rejectedAccessToken?: string | null): Promise<string | null>;
  /** Adopts the tokens of an auth flow reply whose nextStep is done (or verifyUser) and loads the user. */
  signedIn(session: { accessToken: string; idToken: string; expiresIn: number }): Promise<void>;
  /**
   * Signs out (POST /api/auth/sign-out); rejects if the server did not answer 200. On success the
   * app continues as a new guest, and `endSessionUrl` is the OAuth provider's logout, if any.
   */
  signOut(): Promise<SignOutResult>;
}

let generation = 0;
let refreshInFlight: Promise<string | null> | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;

const toUser = (info: SessionInfo): SessionUser => ({ ...info, isAdmin: isAdmin(info) });

/** A refresh answer: the tokens, or 'none' when the server says there is no (usable) session. */
type RefreshOutcome = SessionTokens | 'none' | 'network';

/** One POST /api/auth/refresh with the spec's retries (429 and 5xx, 3 times, backoff up to 5 min). */
async function rotateThroughCookie(): Promise<RefreshOutcome> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const reply = await refreshSession();
      const tokens = toSessionTokens(reply.tokens);
      holdTokens(tokens);
      return tokens;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.isNetworkError) return 'network';
      if (!RETRYABLE_STATUSES.includes(error.status) || attempt >= RETRY_CAP) {
        if (error.status === 401) markSessionCookie(false);
        else console.error('Token refresh failed', error);
        return 'none';
      }
      await sleep(Math.min(1000 * 2 ** (attempt + 1), MAX_BACKOFF_MS));
    }
  }
}

export const useSessionStore = create<SessionState>()((set, get) => {
  /** Shows the session of `tokens`: reads who it is and schedules the next refresh. */
  const adopt = async (tokens: SessionTokens, stale: () => boolean, exactToken = false): Promise<void> => {
    // `exactToken` inside refresh(): a 401 there must not start a refresh that waits for this very
    // call. Elsewhere the bound client refreshes an expired token once.
    const info = await getSession(exactToken ? tokens.accessToken : undefined);
    if (stale()) return;
    const user = toUser(info);
    markGuest(user.userType === 'guest');
    set({ status: user.userType === 'guest' ? 'guest' : 'authenticated', user });
    scheduleRefresh(user.userType === 'guest');
  };

  /** Forgets the session and starts over as a guest (spec: "Sign-out returns to guest"). */
  const restartAsGuest = async (): Promise<void> => {
    cancelScheduledRefresh();
    forgetTokens();
    markGuest(false);
    // Signed out (the gateway cleared the cookie) or the session is gone: no refresh at start-up.
    markSessionCookie(false);
    set({ status: 'loading', user: null });
    await get().bootstrap();
    announceSessionChange(get().user?.userId ?? null);
  };

  const scheduleRefresh = (isGuest: boolean) => {
    cancelScheduledRefresh();
    const tokens = currentTokens();
    if (!tokens) return;
    const expiry = accessTokenExpiry(tokens);
    let delay = expiry === null ? null : Math.max(1000, expiry - Date.now() - REFRESH_AHEAD_MS);
    if (isGuest) delay = Math.min(delay ?? GUEST_REFRESH_INTERVAL_MS, GUEST_REFRESH_INTERVAL_MS);
    if (delay === null) return; // Unknown expiry: the 401 path refreshes.
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      void get().refresh();
    }, delay);
  };

  return {
    status: 'loading',
    user: null,

    async bootstrap() {
      const current = ++generation;
      const stale = () => current !== generation;
      let tokens = currentTokens();
      // A new visitor (never handed a session) has no refresh cookie: no call that can only answer 401.
      if (!tokens && mayHaveSessionCookie()) {
        const outcome = await withCrossTabLock('backtalk-auth-refresh', () => rotateThroughCookie());
        if (stale()) return;
        if (outcome === 'network') {
          // Spec §4: failure to get the current user sets guest (or the empty state on /sign-in).
          set({ status: isSignInPageActive() ? 'anonymous' : 'guest', user: null });
          return;
        }
        tokens = outcome === 'none' ? null : outcome;
      }
      if (!tokens) {
        if (isSignInPageActive()) {
          set({ status: 'anonymous', user: null });
          return;
        }
        try {
          tokens = await ensureGuestTokens();
        } catch (error) {
          if (stale()) return;
          console.error('Guest creation failed', error);
          set({ status: 'guest', user: null });
          return;
        }
        if (stale()) return;
      }
      try {
        await adopt(tokens, stale);
      } catch (error) {
        if (stale()) return;
        // Spec §4: failure to get the current user sets guest.
        console.error('Could not load the session', error);
        set({ status: 'guest', user: null });
      }
    },

    refresh(rejectedAccessToken) {
      if (refreshInFlight) return refreshInFlight;
      const attempt = withCrossTabLock('backtalk-auth-refresh', async (): Promise<string | null> => {
        const before = currentTokens();
        // An earlier call (or the 401 of a request sent before it) may already have rotated them.
        if (rejectedAccessToken && before && before.accessToken !== rejectedAccessToken)
          return before.accessToken;
        const outcome = await rotateThroughCookie();
        if (outcome === 'network') return null;
        if (outcome === 'none') {
          if (before || get().status !== 'anonymous') void restartAsGuest();
          return null;
        }
        const { user, status } = get();
        const subject = subjectOf(outcome.idToken);
        // While loading, the running bootstrap reads the user with these tokens itself.
        const changedHands = status !== 'loading' && (!user || (subject !== null && subject !== user.userId));
        if (changedHands) {
          const current = ++generation;
          try {
            await adopt(outcome, () => current !== generation, true);
          } catch (error) {
            console.error('Could not load the session', error);
          }
        } else {
          scheduleRefresh(status === 'guest');
        }
        return outcome.accessToken;
      });
      refreshInFlight = attempt.finally(() => {
        refreshInFlight = null;
      });
      return refreshInFlight;
    },

    async signedIn(session) {
      const current = ++generation;
      const tokens = toSessionTokens(session);
      holdTokens(tokens);
      await adopt(tokens, () => current !== generation, true);
      announceSessionChange(get().user?.userId ?? subjectOf(tokens.idToken));
    },

    async signOut() {
      if (get().status !== 'authenticated') return { endSessionUrl: null };
      // Rejects unless the server answered 200: the caller says 'Failed to sign out. Please try again.'
      const result = await signOutSession();
      await restartAsGuest();
      return result;
    },
  };
});

export function cancelScheduledRefresh(): void {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
}

/**
 * Forgets the tokens held in memory and reloads the session from the cookie: another tab signed
 * in or out. Nothing to do when the cookie still belongs to this tab's user.
 */
export function reloadAfterChangeElsewhere(userId: string | null): void {
  const { user } = useSessionStore.getState();
  if (userId !== null && user?.userId === userId && currentTokens()) return;
  cancelScheduledRefresh();
  forgetTokens();
  void useSessionStore.getState().bootstrap();
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export const selectIsCreator = (state: SessionState) =>
  state.status === 'authenticated' && !!state.user?.isCreator;
export const selectIsAdmin = (state: SessionState) =>
  state.status === 'authenticated' && !!state.user?.isAdmin;

// The API client takes its bearer tokens from this session: refreshed ahead of expiry, and
// refreshed once more when a request is answered 401. On the sign-in page a guest's token is
// still held (and sent), so signing up or in moves the guest's chats to the account.
bindAuth({
  async getAccessToken() {
    const creating = pendingGuestCreation();
    if (creating) await creating.catch(() => undefined);
    const tokens = currentTokens();
    if (!tokens) return null;
    if (isExpiring(tokens))
      return (await useSessionStore.getState().refresh(tokens.accessToken)) ?? tokens.accessToken;
    return tokens.accessToken;
  },
  onUnauthorized(rejectedToken) {
    if (!currentTokens()) return Promise.resolve(null);
    return useSessionStore.getState().refresh(rejectedToken);
  },
});
