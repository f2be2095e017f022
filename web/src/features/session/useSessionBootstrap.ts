import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { isSignInPath, setSignInPageActive } from './auth-storage';
import { onSessionChangeElsewhere } from './cross-tab';
import { GUEST_TOKENS_UPDATED_EVENT } from './guest-lock';
import { cancelScheduledRefresh, reloadAfterChangeElsewhere, useSessionStore } from './session.store';

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
    void useSessionStore.getState().bootstrap();
    // Spec §4: the session refreshes on a guestUserTokensUpdated event.
    const reload = () => void useSessionStore.getState().bootstrap();
    window.addEventListener(GUEST_TOKENS_UPDATED_EVENT, reload);
    // Another tab signed in, out, or created a guest: the cookie changed hands (one signed-in user
    // per browser), so this tab reloads its session from it.
    const stopListening = onSessionChangeElsewhere(reloadAfterChangeElsewhere);
    return () => {
      window.removeEventListener(GUEST_TOKENS_UPDATED_EVENT, reload);
      stopListening();
      cancelScheduledRefresh();
    };
  }, []);
}
