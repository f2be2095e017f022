import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { rememberSignInRedirect, selectIsAdmin, selectIsCreator, useSessionStore } from '../session';
import styles from './shell.module.css';

// Guards read the session store rather than route loaders: the session loads after the first
// render (the navbar's loading bar shows meanwhile) and changes on sign-out without a navigation.

/** Signed-in users only; guests and visitors go to /sign-in and come back here afterwards. */
export function RequireSignedIn() {
  const status = useSessionStore((state) => state.status);
  if (status === 'loading') return null;
  if (status !== 'authenticated') return <ToSignIn />;
  return <Outlet />;
}

/** Creators only: visitors sign in first; signed-in users who are not creators see 'Access Denied'. */
export function RequireCreator() {
  const status = useSessionStore((state) => state.status);
  const isCreator = useSessionStore(selectIsCreator);
  if (status === 'loading') return null;
  if (status !== 'authenticated') return <ToSignIn />;
  return isCreator ? <Outlet /> : <AccessDenied />;
}

/** Members of the 'admin' group only; everyone else sees 'Access Denied' (spec §2, /admin/*). */
export function RequireAdmin() {
  const status = useSessionStore((state) => state.status);
  const isAdmin = useSessionStore(selectIsAdmin);
  if (status === 'loading') return null;
  return isAdmin ? <Outlet /> : <AccessDenied />;
}

function ToSignIn() {
  const { pathname, search } = useLocation();
  useEffect(() => rememberSignInRedirect(`${pathname}${search}`), [pathname, search]);
  return <Navigate to="/sign-in" replace />;
}

function AccessDenied() {
  return (
    <div className={`page ${styles['route-message']}`}>
      <h1 className={styles['route-message__title']}>Access Denied</h1>
      <p className={styles['route-message__text']}>You do not have permission to view this page.</p>
    </div>
  );
}
