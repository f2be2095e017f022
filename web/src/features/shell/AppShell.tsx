import { Outlet, useNavigation } from 'react-router-dom';
import { TopLoadingBar } from '../../components/TopLoadingBar';
import { useSessionBootstrap, useSessionStore } from '../session';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import styles from './shell.module.css';
import { useChatWidgetRefresh } from './useChatWidgetRefresh';

export function AppShell() {
  useSessionBootstrap();
  useChatWidgetRefresh();
  const loadingSession = useSessionStore((state) => state.status === 'loading');
  // A navigation waits for the next screen's chunk (lazy routes) and loaders.
  const navigating = useNavigation().state !== 'idle';
  return (
    <div className={styles['app']}>
      {loadingSession ? <TopLoadingBar /> : navigating ? <TopLoadingBar label="Loading…" /> : null}
      <Navbar />
      <main className={styles['app__main']}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
