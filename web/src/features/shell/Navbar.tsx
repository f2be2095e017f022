import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { selectIsAdmin, selectIsCreator, useSessionStore } from '../session';
import { AdminMenu } from './AdminMenu';
import { BrandLogo } from './BrandLogo';
import { UserMenu } from './UserMenu';
import './shell.css';

/** Brand, Admin menu (admins), 'Are you a Creator?' (not for creators) and the user menu; a hamburger at ≤ 768px. */
export function Navbar() {
  const isAdmin = useSessionStore(selectIsAdmin);
  const isCreator = useSessionStore(selectIsCreator);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();

  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="navbar">
      <div className="navbar__inner">
        <Link to="/" className="navbar__brand" aria-label="Backtalk home">
          <BrandLogo />
        </Link>
        <button
          type="button"
          className="navbar__hamburger"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={`hamburger${menuOpen ? ' hamburger--open' : ''}`} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
        </button>
        <nav id={menuId} className={`navbar__menu${menuOpen ? ' navbar__menu--open' : ''}`} aria-label="Main">
          {isAdmin ? <AdminMenu /> : null}
          {!isCreator ? (
            <Link to="/creator/signup" className="navbar__link">
              Are you a Creator?
            </Link>
          ) : null}
          <UserMenu />
        </nav>
      </div>
    </header>
  );
}
