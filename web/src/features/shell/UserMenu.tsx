import styles from './shell.module.css';
import { OAUTH_LOGOUT_FAILED_MESSAGE } from '@backtalk/proto/browser';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
import { i18n } from '../../i18n/i18n';
import { en } from '../../i18n/locales/en';
import { browserNavigation } from './browser-navigation';

/** 'Manage Billing' needs a Stripe customer (spec §6), which the first 'Subscribe' makes. */
export const NO_BILLING_ACCOUNT_TEXT = en.nav.noBillingAccount;
export const SIGN_OUT_FAILED_TEXT = en.nav.signOutFailed;

/**
 * The user dropdown (spec §2 Navbar): labelled Guest, the user's email or 'User', with a
 * 'Creator' badge for creators; 'Sign In' for visitors without an account.
 */
export function UserMenu() {
  const { t } = useTranslation();
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
      setBillingError(error instanceof Error && error.message ? error.message : i18n.t('nav.billingFailed'));
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
        {t('common.signIn')}
      </Button>
    );
  }

  if (status === 'guest') {
    return (
      <div className={styles['user-menu']}>
        <Dropdown
          ariaLabel={t('nav.accountMenu')}
          label={<span className={styles['user-menu__label']}>{t('nav.guest')}</span>}
        >
          {() => (
            <>
              <MenuItem>
                <Link to="/chats">{t('nav.myChats')}</Link>
              </MenuItem>
              <MenuItem>
                <button type="button" onClick={goToSignIn}>
                  {t('common.signIn')}
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
  const label = user?.email || t('nav.user');

  return (
    <div className={styles['user-menu']}>
      <Dropdown
        ariaLabel={t('nav.accountMenu')}
        label={
          <span className={styles['user-menu__label']}>
            <span className={styles['user-menu__email']}>{label}</span>
            {isCreator ? <Badge>{t('nav.creator')}</Badge> : null}
          </span>
        }
      >
        {() => (
          <>
            <MenuItem>
              <Link to="/chats">{t('nav.myChats')}</Link>
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
                <button type="button">{t('nav.manageBilling')}</button>
              </MenuItem>
            ) : (
              <MenuItem disabled>
                <button type="button" disabled title={t('nav.noBillingAccount')}>
                  {t('nav.manageBilling')}
                </button>
              </MenuItem>
            )}
            {isCreator ? null : (
              <MenuItem>
                <Link to="/account/subscriptions">{t('nav.mySubscriptions')}</Link>
              </MenuItem>
            )}
            <MenuSeparator />
            <MenuItem>
              <Link to="/account">{t('nav.account')}</Link>
            </MenuItem>
            <MenuItem onSelect={openPasskeyDialog}>
              <button type="button">{t('nav.registerPasskey')}</button>
            </MenuItem>
            <MenuItem onSelect={openDeleteAccountDialog}>
              <button type="button">{t('nav.deleteAccount')}</button>
            </MenuItem>
            <MenuSeparator />
            <MenuItem onSelect={() => void handleSignOut()} disabled={signingOut}>
              <button type="button">{t('nav.signOut')}</button>
            </MenuItem>
          </>
        )}
      </Dropdown>
      {billingError ? <Toast onDismiss={() => setBillingError(null)}>{billingError}</Toast> : null}
      {signOutFailed ? (
        <div className={styles['user-menu__toast']} role="alert">
          <p className={styles['user-menu__toast-text']}>{t('nav.signOutFailed')}</p>
          <div className={styles['user-menu__toast-actions']}>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setSignOutFailed(false);
                navigate('/');
              }}
            >
              {t('nav.returnHome')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setSignOutFailed(false)}>
              {t('common.dismiss')}
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
  const { t } = useTranslation();
  return (
    <div className={styles['user-menu__toast']} role="alert">
      <p className={styles['user-menu__toast-text']}>{children}</p>
      <div className={styles['user-menu__toast-actions']}>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {t('common.dismiss')}
        </Button>
      </div>
    </div>
  );
}
