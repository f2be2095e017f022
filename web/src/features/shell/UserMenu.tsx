import { Link, useLocation, useNavigate } from 'react-router-dom';
import { createPortalSession } from '../../api';
import { Button } from '../../components/Button';
import { Dropdown } from '../../components/Dropdown';
import { rememberSignInRedirect, useSessionStore } from '../session';

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

  if (status === 'loading') return <span className="user-menu__placeholder" aria-hidden="true" />;
  if (status === 'anonymous') {
    return (
      <Button variant="primary" size="sm" onClick={goToSignIn}>
        Sign In
      </Button>
    );
  }

  if (status === 'guest') {
    return (
      <Dropdown ariaLabel="Account menu" label={<span className="user-menu__label">Guest</span>}>
        {(close) => (
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              close();
              goToSignIn();
            }}
          >
            Sign In
          </button>
        )}
      </Dropdown>
    );
  }

  const isCreator = !!user?.isCreator;
  const label = user?.email || 'User';
  const manageBilling = async () => {
    try {
      const { url } = await createPortalSession(window.location.href);
      if (url) window.location.assign(url);
      else console.error('Error opening billing portal: no url returned');
    } catch (error) {
      console.error('Error opening billing portal', error);
    }
  };

  return (
    <Dropdown
      ariaLabel="Account menu"
      label={
        <span className="user-menu__label">
          <span className="user-menu__email">{label}</span>
          {isCreator ? <span className="badge">Creator</span> : null}
        </span>
      }
    >
      {(close) => (
        <>
          {isCreator ? (
            <>
              <Link role="menuitem" className="menu-item" to="/creator/tools" onClick={close}>
                Creator Tools
              </Link>
              <Link role="menuitem" className="menu-item" to="/creator/posts" onClick={close}>
                Posts
              </Link>
              <Link role="menuitem" className="menu-item" to="/creator/payments" onClick={close}>
                Payments
              </Link>
            </>
          ) : (
            <button
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={() => {
                close();
                void manageBilling();
              }}
            >
              Manage Billing
            </button>
          )}
          <div className="menu-separator" role="separator" />
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={async () => {
              close();
              await signOut();
              navigate('/');
            }}
          >
            Sign Out
          </button>
        </>
      )}
    </Dropdown>
  );
}
