import styles from './shell.module.css';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Dropdown, MenuItem, MenuSeparator } from '../../components/Dropdown';
import { rememberSignInRedirect, useSessionStore } from '../session';

export const BILLING_UNAVAILABLE_TEXT = 'Billing is not available yet.';

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
      <Dropdown ariaLabel="Account menu" label={<span className={styles['user-menu__label']}>Guest</span>}>
        {() => (
          <MenuItem>
            <button type="button" onClick={goToSignIn}>
              Sign In
            </button>
          </MenuItem>
        )}
      </Dropdown>
    );
  }

  const isCreator = !!user?.isCreator;
  const label = user?.email || 'User';

  return (
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
          {isCreator ? (
            <>
              <MenuItem>
                <Link to="/creator/tools">Creator Tools</Link>
              </MenuItem>
              <MenuItem>
                <Link to="/creator/posts">Posts</Link>
              </MenuItem>
              <MenuItem>
                <Link to="/creator/payments">Payments</Link>
              </MenuItem>
            </>
          ) : (
            // The gateway has no billing portal route yet (docs/architecture.md, "Billing in the web
            // app"): the entry is shown, as the spec's navbar has it, but cannot be chosen.
            <MenuItem disabled>
              <button type="button" disabled title={BILLING_UNAVAILABLE_TEXT}>
                Manage Billing
              </button>
            </MenuItem>
          )}
          <MenuSeparator />
          <MenuItem>
            <button
              type="button"
              onClick={async () => {
                await signOut();
                navigate('/');
              }}
            >
              Sign Out
            </button>
          </MenuItem>
        </>
      )}
    </Dropdown>
  );
}
