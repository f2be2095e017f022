import { Navigate, Outlet } from 'react-router-dom';
import { useEnvironmentQuery } from '../../api';
import { TopLoadingBar } from '../../components/TopLoadingBar';
import { useSessionStore } from '../session';

/**
 * Spec §2 /dev/*: routed only on localhost, this machine's address and the configured developer
 * hosts (the gateway decides from the page's host). Elsewhere the paths are not routed: like
 * every unknown path they go home. The pages call the API with the session, so they wait for it.
 */
export function RequireDeveloperHost() {
  const environment = useEnvironmentQuery();
  const sessionLoading = useSessionStore((state) => state.status === 'loading');
  if (environment.isPending || sessionLoading) return <TopLoadingBar label="Loading…" />;
  if (!environment.data?.developerPages) return <Navigate to="/" replace />;
  return <Outlet />;
}
