export {
  useSessionStore,
  selectIsAdmin,
  selectIsCreator,
  type SessionStatus,
  type SessionUser,
} from './session.store';
export { useSessionBootstrap } from './useSessionBootstrap';
export { STORAGE_KEYS, rememberSignInRedirect } from './auth-storage';
