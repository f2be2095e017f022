import styles from './shell.module.css';
import { OAUTH_LOGOUT_FAILED_MESSAGE } from '@backtalk/proto/browser';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { createPortal, useSubscriptionsQuery } from '../../api';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Dropdown, MenuItem, MenuSeparator } from '../../components/Dropdown';
import { DeleteAccountDialog } from '../account/DeleteAccountDialog';
import { openDeleteAccountDialog } from '../account/delete-account.store';
import { PasskeyDialog } from '../passkeys/PasskeyDialog';
import { openPasskeyDialog } from '../passkeys/passkeys.store';
import { rememberSignInRedirect, useSessionStore } from '../session';
import { browserNavigation } from './browser-navigation';

/** 'Manage Billing' needs a Stripe customer (spec §6), which the first 'Subscribe' makes. */
export const NO_BILLING_ACCOUNT_TEXT = 'You have no billing account yet: subscribe to a creator first.';
const BILLING_FAILED_TEXT = 'Could not open billing. Try again in a moment.';
export const SIGN_OUT_FAILED_TEXT = 'Failed to sign out. Please try again.';

/**
 * The user dropdown (spec §2 Navbar): labelled Guest, the user's email or 'User', with a
 * 'Creator' badge for creators; 'Sign In' for visitors without an account.
 */
export function UserMenu() {
  const status = useSessionStore((state) => state.status);
  const user = useSessionStore((state) => state.user);
  const signOut = useSessionStore((state) => state.signOut);
  const navigate = useNavigate();
  const location = useLocation();
  const [signOutFailed, setSignOutFailed] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  // Spec §8: Backtalk's session ended, the OAuth provider's logout could not be reached.
  const [providerSignOutFailed, setProviderSignOutFailed] = useState(false);
  const isFan = status === 'authenticated' && !user?.isCreator;
  const billing = useSubscriptionsQuery(isFan ? (user?.userId ?? null) : null);
  const [billingError, setBillingError] = useState<string | null>(null);

  // The customer portal, coming back to this very page.
  const openBilling = async () => {
    setBillingError(null);
    try {
      browserNavigation.leaveTo(await createPortal(`${location.pathname}${location.search}`));
    } catch (error) {
      console.error('Error opening the billing portal', error);
      setBillingError(error instanceof Error && error.message ? error.message : BILLING_FAILED_TEXT);
    }
  };

  const handleSignOut = async () => {
    setSignOutFailed(false);
    setSigningOut(true);
    try {
      const { endSessionUrl, providerSignOutFailed: providerFailed } = await signOut();
      setProviderSignOutFailed(!!providerFailed);
      // An OAuth session ends at the provider too, which comes back to the app's home page.
      if (endSessionUrl) browserNavigation.leaveTo(endSessionUrl);
      else navigate('/');
    } catch (error) {
      console.error('Sign-out failed', error);
      setSignOutFailed(true);
    } finally {
      setSigningOut(false);
    }
  };

  const goToSignIn = () => {
    rememberSignInRedirect(`${location.pathname}${location.search}`);
    navigate('/sign-in');
  };

  if (status === 'loading') return <span className={styles['user-menu__placeholder']} aria-hidden="true" />;
  if (status === 'anonymous') {
    return (
      <Button variant="primary" size="sm" onClick={goToSignIn}>
        Sign In
      </Button>
    );
  }

  if (status === 'guest') {
    return (
      <div className={styles['user-menu']}>
        <Dropdown ariaLabel="Account menu" label={<span className={styles['user-menu__label']}>Guest</span>}>
          {() => (
            <>
              <MenuItem>
                <Link to="/chats">My chats</Link>
              </MenuItem>
              <MenuItem>
                <button type="button" onClick={goToSignIn}>
                  Sign In
                </button>
              </MenuItem>
            </>
          )}
        </Dropdown>
        {providerSignOutFailed ? (
          <Toast onDismiss={() => setProviderSignOutFailed(false)}>{OAUTH_LOGOUT_FAILED_MESSAGE}</Toast>
        ) : null}
      </div>
    );
  }

  const isCreator = !!user?.isCreator;
  const label = user?.email || 'User';

  return (
    <div className={styles['user-menu']}>
      <Dropdown
        ariaLabel="Account menu"
        label={
          <span className={styles['user-menu__label']}>
            <span className={styles['user-menu__email']}>{label}</span>
            {isCreator ? <Badge>Creator</Badge> : null}
          </span>
        }
      >
        {() => (
          <>
            <MenuItem>
              <Link to="/chats">My chats</Link>
            </MenuItem>
            {isCreator ? (
              <>
                <MenuItem>
                  <Link to="/creator/tools">Creator Tools</Link>
                </MenuItem>
                <MenuItem>
                  <Link to="/creator/preview">Preview</Link>
                </MenuItem>
                <MenuItem>
                  <Link to="/creator/posts">Posts</Link>
                </MenuItem>
                <MenuItem>
                  <Link to="/creator/payments">Payments</Link>
                </MenuItem>
                <MenuItem>
                  <Link to="/creator/safety">Safety</Link>
                </MenuItem>
                <MenuItem>
                  <Link to="/creator/insights">Insights</Link>
                </MenuItem>
                <MenuItem>
                  <Link to="/creator/knowledge">Knowledge</Link>
                </MenuItem>
                <MenuItem>
                  <Link to="/creator/inbox">Inbox</Link>
                </MenuItem>
              </>
            ) : billing.data?.canManageBilling ? (
              <MenuItem onSelect={() => void openBilling()}>
                <button type="button">Manage Billing</button>
              </MenuItem>
            ) : (
              <MenuItem disabled>
                <button type="button" disabled title={NO_BILLING_ACCOUNT_TEXT}>
                  Manage Billing
                </button>
              </MenuItem>
            )}
            {isCreator ? null : (
              <MenuItem>
                <Link to="/account/subscriptions">My subscriptions</Link>
              </MenuItem>
            )}
            <MenuSeparator />
            <MenuItem>
              <Link to="/account">Account</Link>
            </MenuItem>
            <MenuItem onSelect={openPasskeyDialog}>
              <button type="button">Register a passkey</button>
            </MenuItem>
            <MenuItem onSelect={openDeleteAccountDialog}>
              <button type="button">Delete account</button>
            </MenuItem>
            <MenuSeparator />
            <MenuItem onSelect={() => void handleSignOut()} disabled={signingOut}>
              <button type="button">Sign Out</button>
            </MenuItem>
          </>
        )}
      </Dropdown>
      {billingError ? <Toast onDismiss={() => setBillingError(null)}>{billingError}</Toast> : null}
      {signOutFailed ? (
        <div className={styles['user-menu__toast']} role="alert">
          <p className={styles['user-menu__toast-text']}>{SIGN_OUT_FAILED_TEXT}</p>
          <div className={styles['user-menu__toast-actions']}>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setSignOutFailed(false);
                navigate('/');
              }}
            >
              Return Home
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setSignOutFailed(false)}>
              Dismiss
            </Button>
          </div>
        </div>
      ) : null}
      {/* Outside the dropdown: closing the menu must not end the passkey ceremony. */}
      <PasskeyDialog />
      <DeleteAccountDialog />
    </div>
  );
}

/** A message under the user menu, until dismissed. */
function Toast({ children, onDismiss }: { children: ReactNode; onDismiss(): void }) {
  return (
    <div className={styles['user-menu__toast']} role="alert">
      <p className={styles['user-menu__toast-text']}>{children}</p>
      <div className={styles['user-menu__toast-actions']}>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
