import { redirect } from 'react-router-dom';
import type { RouteSections } from '../shell/routes';

const page =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  () =>
    load().then((module) => ({ Component: module[name] }));

/**
 * The /dev pages (spec §2), behind RequireDeveloperHost with the developer navbar: all twelve
 * sub-routes, and the standalone outbox.
 */
export const developerRoutes: RouteSections = {
  developer: [
    { index: true, loader: () => redirect('/dev/feature-flags') },
    { path: 'feature-flags', lazy: page(() => import('./FeatureFlagsPage'), 'FeatureFlagsPage') },
    { path: 'creator-init', lazy: page(() => import('./CreatorInitTestPage'), 'CreatorInitTestPage') },
    { path: 'creator-list', lazy: page(() => import('./CreatorListDevPage'), 'CreatorListDevPage') },
    { path: 'stripe', lazy: page(() => import('./StripeDebugPage'), 'StripeDebugPage') },
    { path: 'env-vars', lazy: page(() => import('./EnvVarsPage'), 'EnvVarsPage') },
    {
      path: 'check-all-tiktok',
      lazy: page(() => import('./CheckAllTiktokPage'), 'CheckAllTiktokPage'),
    },
    { path: 'auth-test', lazy: page(() => import('./AuthTestPage'), 'AuthTestPage') },
    { path: 'sign-out', lazy: page(() => import('./SignOutPage'), 'SignOutPage') },
    { path: 'sesh-refresh', lazy: page(() => import('./SessionRefreshPage'), 'SessionRefreshPage') },
    {
      path: 'verification-keys',
      lazy: page(() => import('./VerificationKeysPage'), 'VerificationKeysPage'),
    },
    { path: 'model-test', lazy: page(() => import('./ModelTestPage'), 'ModelTestPage') },
    { path: 'test-essence', lazy: page(() => import('./TestEssencePage'), 'TestEssencePage') },
    { path: 'outbox', lazy: page(() => import('./OutboxPage'), 'OutboxPage') },
  ],
};
