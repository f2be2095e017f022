import { QueryClientProvider } from '@tanstack/react-query';
import { redirect, type RouteObject } from 'react-router-dom';
import { queryClient } from '../../api';
import { TopLoadingBar } from '../../components/TopLoadingBar';
import { AppShell } from './AppShell';
import { DeveloperLayout, DeveloperPageNotFound } from '../developer/DeveloperLayout';
import { RequireDeveloperHost } from '../developer/RequireDeveloperHost';
import { RequireAdmin, RequireCreator, RequireSignedIn } from './guards';
import { RouteErrorPage } from './RouteErrorPage';

/**
 * Screens added to the built-in ones, by section. The guarded sections are empty until their
 * screens are built (creator tools, admin pages); a section with no screens is not routed at all,
 * so its paths keep falling through to the catch-all redirect home.
 */
export interface RouteSections {
  /** Open to everyone (e.g. /sign-in). */
  public?: RouteObject[];
  /** Any signed-in (non-guest) user; others are sent to /sign-in. */
  signedIn?: RouteObject[];
  /** Under /creator: signed-in creators; guests go to /sign-in, other users see 'Access Denied'. */
  creator?: RouteObject[];
  /** Under /admin: members of the 'admin' group; everyone else sees 'Access Denied' (spec §2). */
  admin?: RouteObject[];
  /**
   * Under /dev: routed only on developer hosts (spec §2), with the developer navbar; unknown
   * sub-routes show 'Page Not Found (Dev)'.
   */
  developer?: RouteObject[];
}

/** The sections of several features, concatenated section by section. */
export function mergeSections(...all: RouteSections[]): RouteSections {
  const merged: Required<RouteSections> = { public: [], signedIn: [], creator: [], admin: [], developer: [] };
  for (const sections of all) {
    for (const key of Object.keys(merged) as (keyof RouteSections)[])
      merged[key].push(...(sections[key] ?? []));
  }
  return merged;
}

// Each feature is its own chunk: the route table imports screens only through `lazy`.
const landing = () => import('../landing/LandingPage').then((m) => ({ Component: m.LandingPage }));
const noCreator = () => import('../creator-list/NoCreatorPage').then((m) => ({ Component: m.NoCreatorPage }));
const privacyPolicy = () =>
  import('../legal/PrivacyPolicyPage').then((m) => ({ Component: m.PrivacyPolicyPage }));
const termsOfService = () =>
  import('../legal/TermsOfServicePage').then((m) => ({ Component: m.TermsOfServicePage }));
const howItWorks = () => import('../legal/HowItWorksPage').then((m) => ({ Component: m.HowItWorksPage }));
// `/discover` (issue 24 item 6): find creators by name or topic.
const discover = () => import('../discover/DiscoverPage').then((m) => ({ Component: m.DiscoverPage }));
// `/chats` (issue 24 item 1): the fan's conversations, for guests too.
const myChats = () => import('../my-chats/MyChatsPage').then((m) => ({ Component: m.MyChatsPage }));
const creatorChat = () => import('../chat/CreatorChatPage').then((m) => ({ Component: m.CreatorChatPage }));

/**
 * The app's route table for `createBrowserRouter` (and `createMemoryRouter` in tests). Every
 * section has its own error element, so a failing screen keeps the navbar and offers a way home.
 */
export function appRoutes(sections: RouteSections = {}): RouteObject[] {
  const errorElement = <RouteErrorPage />;
  const guarded: RouteObject[] = [];
  if (sections.signedIn?.length) {
    guarded.push({ element: <RequireSignedIn />, errorElement, children: sections.signedIn });
  }
  if (sections.creator?.length) {
    guarded.push({ path: 'creator', element: <RequireCreator />, errorElement, children: sections.creator });
  }
  if (sections.admin?.length) {
    guarded.push({ path: 'admin', element: <RequireAdmin />, errorElement, children: sections.admin });
  }
  if (sections.developer?.length) {
    guarded.push({
      path: 'dev',
      element: <RequireDeveloperHost />,
      errorElement,
      children: [
        {
          element: <DeveloperLayout />,
          children: [...sections.developer, { path: '*', element: <DeveloperPageNotFound /> }],
        },
      ],
    });
  }
  return [
    {
      // Server state (TanStack Query) is available to every screen, in the app and in tests alike.
      element: (
        <QueryClientProvider client={queryClient}>
          <AppShell />
        </QueryClientProvider>
      ),
      // Only if the shell itself fails; screens fail inside their section below.
      errorElement: <RouteErrorPage standalone />,
      // Shown while the first screen's chunk loads.
      hydrateFallbackElement: <TopLoadingBar label="Loading…" />,
      children: [
        {
          errorElement,
          children: [
            { index: true, lazy: landing },
            { path: 'ai-chat', lazy: noCreator },
            { path: 'privacy-policy', lazy: privacyPolicy },
            { path: 'terms-of-service', lazy: termsOfService },
            { path: 'how-it-works', lazy: howItWorks },
            { path: 'discover', lazy: discover },
            { path: 'chats', lazy: myChats },
            ...(sections.public ?? []),
          ],
        },
        ...guarded,
        {
          // `/@{username}` paths are creator chats (route patterns cannot express the '@' prefix);
          // any other path goes home (replace).
          path: '*',
          errorElement,
          loader: ({ request }) => (new URL(request.url).pathname.startsWith('/@') ? null : redirect('/')),
          lazy: creatorChat,
        },
      ],
    },
  ];
}
