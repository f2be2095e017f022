import { redirect } from 'react-router-dom';
import type { RouteSections } from '../shell/routes';
import { AdminPageNotFound } from './AdminPageNotFound';

/**
 * /admin/* (spec §2): behind RequireAdmin ('Access Denied' for everyone outside the admin group).
 * `creator-demo` is the admin demo flow: a demo creator made through the creator initialisation
 * pipeline (docs/creators.md, "Admin demo accounts").
 */
export const adminRoutes: RouteSections = {
  admin: [
    { index: true, loader: () => redirect('/admin/demo-accounts') },
    {
      path: 'demo-accounts',
      lazy: () => import('./DemoAccountsPage').then((m) => ({ Component: m.DemoAccountsPage })),
    },
    {
      path: 'reports',
      lazy: () => import('./reports/AdminReportsPage').then((m) => ({ Component: m.AdminReportsPage })),
    },
    {
      path: 'creator-demo',
      lazy: () => import('./CreatorDemoPage').then((m) => ({ Component: m.CreatorDemoPage })),
    },
    { path: '*', element: <AdminPageNotFound /> },
  ],
};
