import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { selectIsAdmin, selectIsCreator, useSessionStore } from '../session';
import { AdminMenu } from './AdminMenu';
import { BrandLogo } from './BrandLogo';
import { UserMenu } from './UserMenu';
import styles from './shell.module.css';

/** Brand, Admin menu (admins), 'Are you a Creator?' (not for creators) and the user menu; a hamburger at ≤ 768px. */
export function Navbar() {
  const { t } = useTranslation();
  const isAdmin = useSessionStore(selectIsAdmin);
  const isCreator = useSessionStore(selectIsCreator);
  const menuId = useId();
  const { pathname } = useLocation();
  // The menu is open on the path where it was opened, so a navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const hasSession = useSessionStore((state) => state.status === 'guest' || state.status === 'authenticated');

  return (
    <header className={styles['navbar']}>
      <div className={styles['navbar__inner']}>
        <Link to="/" className={styles['navbar__brand']} aria-label={t('nav.home')}>
          <BrandLogo />
        </Link>
        {/* On phones (≤ 768 px) "My chats" stays one tap away, beside the menu (docs/chat.md). */}
        {hasSession ? (
          <Link to="/chats" className={`${styles['navbar__link']} ${styles['navbar__chats']}`}>
            {t('nav.myChats')}
          </Link>
        ) : null}
        <button
          type="button"
          className={styles['navbar__hamburger']}
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
        >
          <span
            className={`${styles['hamburger']}${menuOpen ? ` ${styles['hamburger--open']}` : ''}`}
            aria-hidden="true"
          >
            <span />
            <span />
            <span />
          </span>
        </button>
        <nav
          id={menuId}
          className={`${styles['navbar__menu']}${menuOpen ? ` ${styles['navbar__menu--open']}` : ''}`}
          aria-label={t('nav.main')}
        >
          {isAdmin ? <AdminMenu /> : null}
          {!isCreator ? (
            <Link to="/creator/signup" className={styles['navbar__link']}>
              {t('nav.areYouCreator')}
            </Link>
          ) : null}
          <UserMenu />
        </nav>
      </div>
    </header>
  );
}
