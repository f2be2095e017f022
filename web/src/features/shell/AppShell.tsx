import { Outlet } from 'react-router-dom';
import { TopLoadingBar } from '../../components/TopLoadingBar';
import { useSessionBootstrap, useSessionStore } from '../session';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import './shell.css';

export function AppShell() {
  useSessionBootstrap();
  const loading = useSessionStore((state) => state.status === 'loading');
  return (
    <div className="app">
      {loading ? <TopLoadingBar /> : null}
      <Navbar />
      <main className="app__main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
