export { useSessionStore, selectIsAdmin, selectIsCreator, reloadAfterChangeElsewhere } from './session.store';
export { useSessionBootstrap } from './useSessionBootstrap';
export { STORAGE_KEYS, isSignInPath, markGuest, rememberSignInRedirect } from './auth-storage';
export { sameOriginPath } from './return-path';
