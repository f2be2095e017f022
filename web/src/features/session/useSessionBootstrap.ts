import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { STORAGE_KEYS, isSignInPath, setSignInPageActive } from './auth-storage';
import { GUEST_TOKENS_UPDATED_EVENT } from './guest-lock';
import { cancelScheduledRefresh, useSessionStore } from './session.store';

/** Starts the session once, keeps it in step with other tabs, and tracks the sign-in-page flag. */
export function useSessionBootstrap(): void {
  const { pathname } = useLocation();
  const onSignIn = isSignInPath(pathname);

  useEffect(() => {
    setSignInPageActive(onSignIn);
    // Leaving the sign-in page without a session: now a guest may be created.
    if (!onSignIn && useSessionStore.getState().status === 'anonymous')
      void useSessionStore.getState().bootstrap();
  }, [onSignIn]);

  useEffect(() => {
    const store = useSessionStore.getState();
    void store.bootstrap();
    const reload = () => void useSessionStore.getState().bootstrap();
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.auth) return;
      // Another tab signed in, out, or created a guest: reload who we are. A mere rotation of
      // the same user's tokens needs nothing (they are read from storage on every request).
      const before = event.oldValue ? userOf(event.oldValue) : null;
      const after = event.newValue ? userOf(event.newValue) : null;
      if (before === null || before !== after) reload();
    };
    window.addEventListener(GUEST_TOKENS_UPDATED_EVENT, reload);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(GUEST_TOKENS_UPDATED_EVENT, reload);
      window.removeEventListener('storage', onStorage);
      cancelScheduledRefresh();
    };
  }, []);
}

function userOf(raw: string): string | null {
  try {
    const parsed = JSON.parse(raw) as { idToken?: string };
    const payload = parsed.idToken?.split('.')[1];
    if (!payload) return null;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string };
    return claims.sub ?? null;
  } catch {
    return null;
  }
}
