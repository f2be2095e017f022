import { Role } from '@backtalk/proto/browser';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { apiCalls, errorResponse, http, server, noSessionCookie } from '../../test/api-mock';
import type { Creator, SessionInfo } from '../../api';

const creatorByHandle = (handle: string, creator: Creator) =>
  http.get('/api/creators/by-handle/{handle}', ({ params, response }) =>
    params.handle === handle ? response(200).json(creator) : undefined,
  );
const session = (info: SessionInfo) =>
  http.get('/api/auth/session', ({ response }) => response(200).json(info));
import { newCreator, newSessionInfo, resetAppState } from '../../test/fixtures';
import { LocationProbe } from '../../test/LocationProbe';
import { STORAGE_KEYS, useSessionStore } from '../session';
import { holdTokens } from '../session/session-tokens';
import { appRoutes, type RouteSections } from './routes';

function renderApp(path: string, sections?: RouteSections) {
  const withProbe = [
    {
      element: (
        <>
          <Outlet />
          <LocationProbe />
        </>
      ),
      children: appRoutes(sections),
    },
  ];
  return render(<RouterProvider router={createMemoryRouter(withProbe, { initialEntries: [path] })} />);
}
const location = () => screen.getByTestId('location').textContent;

describe('app routes and shell', () => {
  beforeEach(() => {
    resetAppState();
    server.use(
      noSessionCookie(),
      http.post('/api/auth/guest', ({ response }) =>
        response(201).json({
          userId: 'fan-1',
          tokens: { idToken: 'i', accessToken: 'a', expiresIn: 3600 },
        }),
      ),
      session(newSessionInfo()),
      // Within one server.use, the first matching handler answers.
      creatorByHandle('maya.makes', newCreator()),
      http.get('/api/creators/by-handle/{handle}', ({ response }) =>
        response.untyped(errorResponse(404, 'CREATOR_NOT_FOUND', 'Creator not found')),
      ),
      http.post('/api/conversations', ({ response }) =>
        response(201).json({
          id: 'conv-1',
          creatorId: 'creator-1',
          createdAt: '2025-01-01T00:00:00Z',
          title: '',
        }),
      ),
      http.get('/api/conversations/{id}/messages', ({ response }) =>
        response(200).json({ messages: [], nextCursor: null }),
      ),
      http.post('/api/chat/rate-limit', ({ response }) =>
        response(200).json({ canSendMessage: true, nextAvailableTime: null }),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
  });

  it.each(['/nowhere', '/creator/tools', '/sign-in', '/admin/demo-accounts'])(
    'redirects %s to /',
    async (path) => {
      renderApp(path);
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
        'DMs that actually answer back',
      );
      expect(location()).toBe('/');
      await waitFor(() => expect(useSessionStore.getState().status).toBe('guest'));
    },
  );

  it('shows a top bar with a spinner while the session loads', async () => {
    renderApp('/');
    expect(await screen.findByRole('progressbar', { name: 'Loading your session…' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(1);
  });

  it('shows the footer with legal links that open in a new tab', async () => {
    renderApp('/');
    const privacy = await screen.findByRole('link', { name: 'Privacy Policy' });
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    expect([privacy.getAttribute('href'), privacy.getAttribute('target')]).toEqual([
      '/privacy-policy',
      '_blank',
    ]);
    expect([terms.getAttribute('href'), terms.getAttribute('target')]).toEqual([
      '/terms-of-service',
      '_blank',
    ]);
    expect(screen.getByText(`© ${new Date().getFullYear()} Backtalk`)).toBeTruthy();
    await waitFor(() => expect(useSessionStore.getState().status).toBe('guest'));
  });

  it('hides the footer on /@ paths', async () => {
    renderApp('/@maya.makes');
    expect(await screen.findByRole('heading', { name: 'Maya' })).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Privacy Policy' })).toBeNull();
  });

  it.each([
    [
      '/privacy-policy',
      'Privacy Policy',
      /removed from our systems within 90 days.*account data is removed within 60 days/s,
    ],
    [
      '/terms-of-service',
      'Terms of Service',
      /deleted after 30 days, and removed from our backups within 60 days.*|30 days' notice/s,
    ],
  ])('serves the static legal page %s', async (path, title, clause) => {
    renderApp(path);
    expect((await screen.findByRole('heading', { level: 1, name: title })).textContent).toBe(title);
    expect(screen.getByRole('article').textContent).toMatch(clause);
    await waitFor(() => expect(useSessionStore.getState().status).toBe('guest'));
  });

  it("states the terms' notice period for price changes", async () => {
    renderApp('/terms-of-service');
    expect((await screen.findByRole('article')).textContent).toContain(
      "at least 30 days' notice before any price change",
    );
    await waitFor(() => expect(useSessionStore.getState().status).toBe('guest'));
  });

  describe('/@{username}', () => {
    it('opens the chat of the creator with that handle', async () => {
      renderApp('/@maya.makes/');
      expect(await screen.findByRole('heading', { name: 'Maya' })).toBeTruthy();
      expect(apiCalls('GET', '/api/creators/by-handle/maya.makes')).toHaveLength(1);
      expect(location()).toBe('/@maya.makes/');
    });

    it('redirects to /ai-chat when no creator matches', async () => {
      renderApp('/@nobody');
      await waitFor(() => expect(location()).toBe('/ai-chat'));
      expect(screen.getByRole('button', { name: 'Go to Creator List' })).toBeTruthy();
    });

    it('redirects to /ai-chat when the creator cannot be loaded', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      server.use(
        http.get('/api/creators/by-handle/{handle}', ({ response }) =>
          response.untyped(errorResponse(500, 'INTERNAL', 'x')),
        ),
      );
      renderApp('/@maya.makes');
      await waitFor(() => expect(location()).toBe('/ai-chat'));
    });

    it("redirects an invalid path to /ai-chat ('Invalid URL format') without a lookup", async () => {
      renderApp('/@not!valid');
      await waitFor(() => expect(location()).toBe('/ai-chat'));
      expect(apiCalls('GET', /^\/api\/creators\/by-handle\//)).toHaveLength(0);
    });

    it('sends fans home when the creator has not finished onboarding', async () => {
      server.use(creatorByHandle('maya.makes', newCreator({ onboardingComplete: false })));
      renderApp('/@maya.makes');
      await waitFor(() => expect(location()).toBe('/'));
    });

    it.each([
      ['a demo account', newCreator({ onboardingComplete: false, demoAccount: true }), newSessionInfo()],
      [
        'its own creator',
        newCreator({ onboardingComplete: false }),
        newSessionInfo({ userId: 'creator-user-1' }),
      ],
    ])('lets anyone chat with %s before onboarding is complete', async (_label, creator, info) => {
      server.use(creatorByHandle('maya.makes', creator), session(info));
      renderApp('/@maya.makes');
      expect(await screen.findByTestId('welcome-overlay')).toBeTruthy();
      expect(location()).toBe('/@maya.makes');
    });
  });

  it("'Try Backtalk now!' opens the featured creator's chat", async () => {
    server.use(http.get('/api/creators/featured', ({ response }) => response(200).json(newCreator())));
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Try Backtalk now!' }));
    await waitFor(() => expect(location()).toBe('/@maya.makes'));
    expect(await screen.findByRole('heading', { name: 'Maya' })).toBeTruthy();
  });

  it('shows the sample chat and the demo video with its poster on the landing page', async () => {
    renderApp('/');
    expect(
      await screen.findByText('Chat with AI versions of TikTokers built from their real personality.'),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: /Sample chat/ })).toBeTruthy();
    const video = document.querySelector('video');
    expect(video?.getAttribute('poster')).toBe('/media/backtalk-demo-poster.jpg');
    expect(Array.from(video?.querySelectorAll('source') ?? []).map((s) => s.getAttribute('src'))).toEqual([
      '/media/backtalk-demo.webm',
      '/media/backtalk-demo.mp4',
    ]);
    await waitFor(() => expect(useSessionStore.getState().status).toBe('guest'));
  });

  describe('error elements', () => {
    it('shows a friendly error page with a way home when a screen fails, keeping the navbar', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const Broken = () => {
        throw new Error('render failed');
      };
      renderApp('/broken', { public: [{ path: 'broken', Component: Broken }] });
      expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong!' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
      await waitFor(() => expect(useSessionStore.getState().status).toBe('guest'));
    });

    it("catches a failing loader in a guarded section's own error element", async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      renderApp('/admin/broken', {
        admin: [
          {
            path: 'broken',
            loader: () => {
              throw new Error('loader failed');
            },
            element: <p>never shown</p>,
          },
        ],
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong!' })).toBeTruthy();
      expect(screen.queryByText('never shown')).toBeNull();
    });
  });

  describe('guards', () => {
    const signInScreen = [{ path: 'sign-in', element: <p>Sign-in screen</p> }];
    const sections: RouteSections = {
      public: signInScreen,
      signedIn: [{ path: 'account', element: <p>Account screen</p> }],
      creator: [{ path: 'tools', element: <p>Creator tools screen</p> }],
      admin: [{ path: 'demo-accounts', element: <p>Demo accounts screen</p> }],
    };
    const signedInAs = (overrides: Parameters<typeof newSessionInfo>[0]) => {
      holdTokens({ idToken: 'i', accessToken: 'a' });
      server.use(
        session(newSessionInfo({ userType: 'authenticated', userId: 'user-1', ...overrides })),
        // A fan's user menu asks for their subscriptions ('Manage Billing').
        http.get('/api/billing/subscriptions', ({ response }) =>
          response(200).json({ subscriptions: [], canManageBilling: false, paymentsConfigured: true }),
        ),
      );
    };

    it.each(['/account', '/creator/tools'])(
      'sends a guest from %s to /sign-in and remembers the path',
      async (path) => {
        renderApp(`${path}?x=1`, sections);
        expect(await screen.findByText('Sign-in screen')).toBeTruthy();
        expect(location()).toBe('/sign-in');
        expect(localStorage.getItem(STORAGE_KEYS.signInRedirectPath)).toBe(`${path}?x=1`);
      },
    );

    it('lets a signed-in user into signed-in routes', async () => {
      signedInAs({});
      renderApp('/account', sections);
      expect(await screen.findByText('Account screen')).toBeTruthy();
    });

    it("shows 'Access Denied' to a signed-in user who is not a creator, and lets a creator in", async () => {
      signedInAs({});
      const { unmount } = renderApp('/creator/tools', sections);
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
      expect(screen.queryByText('Creator tools screen')).toBeNull();
      unmount();
      signedInAs({ isCreator: true });
      renderApp('/creator/tools', sections);
      expect(await screen.findByText('Creator tools screen')).toBeTruthy();
    });

    it("shows 'Access Denied' under /admin to guests and to users outside the admin group", async () => {
      renderApp('/admin/demo-accounts', sections);
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
      cleanup();
      signedInAs({ groups: ['creators'] });
      renderApp('/admin/demo-accounts', sections);
      await waitFor(() => expect(useSessionStore.getState().status).toBe('authenticated'));
      expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
      expect(screen.queryByText('Demo accounts screen')).toBeNull();
    });

    describe('/dev (spec §2: developer hosts only)', () => {
      /** The session's state when the screen first rendered: its API calls need a settled session. */
      function FlagsScreen() {
        const [status] = useState(() => useSessionStore.getState().status);
        return <p>Flags screen ({status})</p>;
      }
      const developer: RouteSections = {
        developer: [{ path: 'feature-flags', element: <FlagsScreen /> }],
      };
      const environment = (developerPages: boolean) =>
        server.use(
          http.get('/api/environment', ({ response }) =>
            response(200).json({ environment: 'development', developerPages }),
          ),
        );

      it('shows a developer page with the developer navbar where the host allows it, once the session is settled', async () => {
        environment(true);
        // The guest session arrives well after the environment.
        server.use(
          http.post('/api/auth/guest', async ({ response }) => {
            await new Promise((resolve) => setTimeout(resolve, 300));
            return response(201).json({
              userId: 'fan-1',
              tokens: { idToken: 'i', accessToken: 'a', expiresIn: 3600 },
            });
          }),
        );
        renderApp('/dev/feature-flags', developer);
        expect(await screen.findByText('Flags screen (guest)')).toBeTruthy();
        expect(screen.getByRole('navigation', { name: 'Developer pages' })).toBeTruthy();
      });

      it("shows 'Page Not Found (Dev)' for an unknown developer page", async () => {
        environment(true);
        renderApp('/dev/nowhere', developer);
        expect(await screen.findByRole('heading', { name: 'Page Not Found (Dev)' })).toBeTruthy();
      });

      it('does not route /dev on other hosts: the path goes home', async () => {
        environment(false);
        renderApp('/dev/feature-flags', developer);
        await waitFor(() => expect(location()).toBe('/'));
        expect(screen.queryByText(/Flags screen/)).toBeNull();
      });
    });

    it('lets a member of the admin group into /admin routes', async () => {
      signedInAs({ groups: [Role.Admin] });
      renderApp('/admin/demo-accounts', sections);
      expect(await screen.findByText('Demo accounts screen')).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Access Denied' })).toBeNull();
    });
  });
});
