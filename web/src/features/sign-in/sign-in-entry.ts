// What /sign-in does on entry and after authentication (spec §2): the previous path is recorded,
// the guest flag cleared, and afterwards the user goes back there — unless it is /sign-in.
import { STORAGE_KEYS, isSignInPath, markGuest, rememberSignInRedirect, sameOriginPath } from '../session';

/** `/sign-in` opened on its Sign Up tab (the limit dialog's 'Sign Up'); the query is read once on entry. */
export const SIGN_UP_PATH = '/sign-in?tab=sign-up';

/** The tab /sign-in opens on: Sign Up when the link asked for it (`?tab=sign-up`), else Sign In. */
export function initialTab(search: URLSearchParams): 'signIn' | 'signUp' {
  return search.get('tab') === 'sign-up' ? 'signUp' : 'signIn';
}

/** Records where the user came from, unless a path was recorded already (the navbar, the guards). */
export function recordPreviousPath(): void {
  if (localStorage.getItem(STORAGE_KEYS.signInRedirectPath)) return;
  try {
    const previous = document.referrer ? new URL(document.referrer) : null;
    if (previous && previous.origin === window.location.origin && !isSignInPath(previous.pathname))
      rememberSignInRedirect(`${previous.pathname}${previous.search}`);
  } catch {
    // An unreadable referrer records nothing: the user goes home afterwards.
  }
}

export function clearGuestFlag(): void {
  markGuest(false);
}

/** Where to go after authentication: `returnTo` (OAuth), else the recorded path; never /sign-in. */
export function postSignInPath(returnTo: string | undefined): string {
  const candidate = sameOriginPath(returnTo ?? localStorage.getItem(STORAGE_KEYS.signInRedirectPath));
  if (!candidate) return '/';
  return isSignInPath(candidate.split(/[?#]/)[0] ?? '') ? '/' : candidate;
}

export function forgetPostSignInPath(): void {
  localStorage.removeItem(STORAGE_KEYS.signInRedirectPath);
}
