import { redirect } from 'react-router-dom';
import type { RouteSections } from '../shell/routes';
import { AdminPageNotFound } from './AdminPageNotFound';

/**
 * /admin/* (spec §2): behind RequireAdmin ('Access Denied' for everyone outside the admin group).
 * `creator-demo` is the admin demo flow of the creator initialisation pipeline; until that lands
 * here, the route holds a placeholder so the Admin menu's entry is not a dead link.
 */
export const adminRoutes: RouteSections = {
  admin: [
    { index: true, loader: () => redirect('/admin/demo-accounts') },
    {
      path: 'demo-accounts',
      lazy: () => import('./DemoAccountsPage').then((m) => ({ Component: m.DemoAccountsPage })),
    },
    {
      path: 'creator-demo',
      lazy: () => import('./CreatorDemoPlaceholder').then((m) => ({ Component: m.CreatorDemoPlaceholder })),
    },
    { path: '*', element: <AdminPageNotFound /> },
  ],
};
