// The signed-in user (spec §4 "Session"): loading, then guest or authenticated. 'anonymous' is
// the empty state of the sign-in page, where no guest is created.
import { isAdmin } from '@backtalk/proto/browser';
import { create } from 'zustand';
import {
  ApiError,
  bindAuth,
  getSession,
  refreshTokens,
  revokeRefreshToken,
  type SessionInfo,
} from '../../api';
import {
  accessTokenExpiry,
  clearTokens,
  isExpiring,
  isSignInPageActive,
  markGuest,
  readTokens,
  toStoredTokens,
  writeTokens,
} from './auth-storage';
import { ensureGuestTokens, pendingGuestCreation } from './guest-lock';

type SessionStatus = 'loading' | 'guest' | 'authenticated' | 'anonymous';

export interface SessionUser extends SessionInfo {
  isAdmin: boolean;
}

/** Spec §9: guest credentials are refreshed every 3000000 ms. */
export const GUEST_REFRESH_INTERVAL_MS = 3000000;
/** Access tokens are refreshed this long before they expire. */
const REFRESH_AHEAD_MS = 60000;

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Loads (or reloads) the session, creating a guest when there are no stored tokens. */
  bootstrap(): Promise<void>;
  /**
   * Rotates the tokens. Resolves to the new access token, or null if none could be had: a network
   * failure is ignored (tokens kept); any other failure signs out, which starts a new guest session.
   */
  refresh(rejectedAccessToken?: string | null): Promise<string | null>;
  /**
   * Signs an authenticated user out; the app continues as a new guest. Rejects when the server did
   * not sign out; `endSessionUrl` is the OAuth provider's logout page, if any.
   */
  signOut(): Promise<{ endSessionUrl: string | null }>;
}

let generation = 0;
let refreshInFlight: Promise<string | null> | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;

export const useSessionStore = create<SessionState>()((set, get) => {
  const toUser = (info: SessionInfo): SessionUser => ({
    ...info,
    isAdmin: isAdmin(info),
  });

  /** Forgets the tokens and starts over as a guest (spec: "Sign-out returns to guest"). */
  const restartAsGuest = () => {
    cancelScheduledRefresh();
    clearTokens();
    set({ status: 'loading', user: null });
    void get().bootstrap();
  };

  const scheduleRefresh = (isGuest: boolean) => {
    cancelScheduledRefresh();
    const tokens = readTokens();
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
      let tokens = readTokens();
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
        // Through the bound client, so an expired token is refreshed (once) before giving up.
        const info = await getSession();
        if (stale()) return;
        const user = toUser(info);
        markGuest(user.userType === 'guest');
        set({ status: user.userType === 'guest' ? 'guest' : 'authenticated', user });
        scheduleRefresh(user.userType === 'guest');
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
        const tokens = readTokens();
        if (!tokens) return null;
        // Another tab (or an earlier call) may already have rotated the tokens.
        if (rejectedAccessToken && tokens.accessToken !== rejectedAccessToken) return tokens.accessToken;
        try {
          const reply = await refreshTokens(tokens.refreshToken);
          // The body names the successor only for a token sent in the body (this client's way).
          const stored = toStoredTokens({
            ...reply.tokens,
            refreshToken: reply.tokens.refreshToken ?? tokens.refreshToken,
          });
          writeTokens(stored);
          scheduleRefresh(get().status === 'guest');
          return stored.accessToken;
        } catch (error) {
          if (error instanceof ApiError && error.isNetworkError) return null;
          console.error('Token refresh failed; signing out', error);
          restartAsGuest();
          return null;
        }
      });
      refreshInFlight = attempt.finally(() => {
        refreshInFlight = null;
      });
      return refreshInFlight;
    },

    async signOut() {
      if (get().status !== 'authenticated') return { endSessionUrl: null };
      const tokens = readTokens();
      const { endSessionUrl } = tokens
        ? await revokeRefreshToken(tokens.refreshToken)
        : { endSessionUrl: null };
      restartAsGuest();
      return { endSessionUrl };
    },
  };
});

export function cancelScheduledRefresh(): void {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
}

/** Runs `task` while holding a lock shared by this origin's tabs (Web Locks), where available. */
function withCrossTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(name, task) as Promise<T>) : task();
}

export const selectIsCreator = (state: SessionState) =>
  state.status === 'authenticated' && !!state.user?.isCreator;
export const selectIsAdmin = (state: SessionState) =>
  state.status === 'authenticated' && !!state.user?.isAdmin;

// The API client takes its bearer tokens from this session: refreshed ahead of expiry, and
// refreshed once more when a request is answered 401.
bindAuth({
  async getAccessToken() {
    const creating = pendingGuestCreation();
    if (creating) await creating.catch(() => undefined);
    const tokens = readTokens();
    if (!tokens) return null;
    if (isExpiring(tokens))
      return (await useSessionStore.getState().refresh(tokens.accessToken)) ?? tokens.accessToken;
    return tokens.accessToken;
  },
  onUnauthorized(rejectedToken) {
    if (!readTokens()) return Promise.resolve(null);
    return useSessionStore.getState().refresh(rejectedToken);
  },
});
