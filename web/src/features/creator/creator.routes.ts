import type { RouteSections } from '../shell/routes';

const page =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  () =>
    load().then((module) => ({ Component: module[name] }));

/**
 * The creator screens (spec §2). `/creator` itself is for any signed-in user (creators see their
 * home, others the initialisation screen); tools and posts are for creators only.
 */
export const creatorRoutes: RouteSections = {
  public: [
    { path: 'creator/signup', lazy: page(() => import('./CreatorSignupPage'), 'CreatorSignupPage') },
    {
      path: 'creator/not-logged-in',
      lazy: page(() => import('./CreatorNotLoggedInPage'), 'CreatorNotLoggedInPage'),
    },
  ],
  signedIn: [
    { path: 'creator', lazy: page(() => import('./CreatorHomePage'), 'CreatorHomePage') },
    { path: 'creator/verify', lazy: page(() => import('./CreatorVerifyPage'), 'CreatorVerifyPage') },
  ],
  creator: [
    { path: 'tools', lazy: page(() => import('./CreatorToolsPage'), 'CreatorToolsPage') },
    { path: 'posts', lazy: page(() => import('./CreatorPostsPage'), 'CreatorPostsPage') },
    { path: 'safety', lazy: page(() => import('./safety/CreatorSafetyPage'), 'CreatorSafetyPage') },
    { path: 'preview', lazy: page(() => import('./preview/CreatorPreviewPage'), 'CreatorPreviewPage') },
    {
      path: 'insights',
      lazy: page(() => import('./insights/CreatorInsightsPage'), 'CreatorInsightsPage'),
    },
    {
      path: 'knowledge',
      lazy: page(() => import('./knowledge/CreatorKnowledgePage'), 'CreatorKnowledgePage'),
    },
    { path: 'inbox', lazy: page(() => import('./inbox/CreatorInboxPage'), 'CreatorInboxPage') },
    {
      path: 'inbox/:conversationId',
      lazy: page(() => import('./inbox/CreatorInboxPage'), 'CreatorInboxPage'),
    },
  ],
};
