import { ACCESS_PROBES, Role } from '@backtalk/proto/browser';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { EnvVars, SessionInfo } from '../../api';
import { apiCalls, errorResponse, fakeJwt, http, server } from '../../test/api-mock';
import { LocationProbe } from '../../test/LocationProbe';
import { resetAppState, signInAs } from '../../test/fixtures';
import { browserNavigation } from '../shell/browser-navigation';
import { appRoutes } from '../shell/routes';
import { DEVELOPER_PAGES } from './DeveloperLayout';
import { developerRoutes } from './developer.routes';
import { MASKED_SECRET } from './EnvVarsPage';
import { CREATOR_INIT_TEXT, usernameOf } from './CreatorInitTestPage';
import { SIGN_OUT_FAILED_TEXT } from './SignOutPage';
import { VERIFICATION_KEYS_DENIED_TEXT } from './VerificationKeysPage';

const ADMIN: Partial<SessionInfo> = {
  userType: 'authenticated',
  email: 'ops@example.com',
  groups: [Role.Admin],
};

/** The signed-in session, in the store and as GET /api/auth/session answers (the shell reloads it). */
function sessionOf(info: Partial<SessionInfo>) {
  const user = signInAs(info);
  server.use(http.get('/api/auth/session', ({ response }) => response(200).json(user)));
  return user;
}

function developerHost(developerPages: boolean) {
  server.use(
    http.get('/api/environment', ({ response }) =>
      response(200).json({ environment: developerPages ? 'development' : 'production', developerPages }),
    ),
  );
}

function renderDev(path: string) {
  const routes = appRoutes(developerRoutes).map((route) => ({
    ...route,
    element: (
      <>
        {route.element}
        <LocationProbe />
      </>
    ),
  }));
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

/** Answers every call the developer pages make, as a development deployment would. */
function answerEverything() {
  const envVars: EnvVars = {
    timestamp: '2026-11-23T10:00:00.000Z',
    services: [
      {
        service: 'billing',
        status: 'ok',
        variables: [
          { name: 'STRIPE_SECRET_KEY', secret: true, isSet: true },
          { name: 'STRIPE_API_BASE', secret: false, value: 'http://localhost:12111' },
          { name: 'SMTP_URL', secret: true, isSet: false },
        ],
      },
      { service: 'ingestion', status: 'unavailable', message: 'The service did not answer in time.' },
    ],
  };
  server.use(
    http.get('/api/creators', ({ response }) => response(200).json({ creators: [] })),
    http.get('/api/billing/onboarding', ({ response }) =>
      response(200).json({ accountId: null, status: 'incomplete' }),
    ),
    http.get('/api/feature-flags', ({ response }) =>
      response(200).json({ environment: 'development', flags: [] }),
    ),
    http.get('/api/dev/env-vars', ({ response }) => response(200).json(envVars)),
    http.get('/api/dev/auth-test', ({ response }) =>
      response(200).json({
        actor: {
          userId: 'c2f0b4f6-3f4c-4f43-9f55-5d0f6a1c1b11',
          userType: 'authenticated',
          groups: ['admin'],
        },
        claims: { sub: 'c2f0b4f6-3f4c-4f43-9f55-5d0f6a1c1b11', groups: ['admin'], exp: 1795472172 },
        expiresAt: '2026-11-23T10:15:00.000Z',
      }),
    ),
    http.get('/api/creator/verification-key', ({ response }) =>
      response(200).json({ verificationKey: null }),
    ),
    http.get('/api/dev/outbox', ({ response }) => response(200).json({ messages: [] })),
    http.post('/api/auth/sign-out', ({ response }) => response(200).json({ endSessionUrl: null })),
  );
}

describe('/dev/* (spec §2, §6, §8, §9)', () => {
  beforeEach(() => {
    resetAppState();
    server.use(
      http.get('/api/creators/featured', ({ response }) =>
        response.untyped(errorResponse(404, 'CREATOR_NOT_FOUND', 'none')),
      ),
      http.post('/api/auth/guest', ({ response }) =>
        response(201).json({
          userId: 'guest-1',
          tokens: { idToken: 'i', accessToken: 'a', expiresIn: 3600 },
        }),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
  });

  const titles: Record<(typeof DEVELOPER_PAGES)[number]['path'], string> = {
    'creator-init': 'Creator Init',
    'creator-list': 'All Creators',
    stripe: 'Payment Dashboard',
    'feature-flags': 'Feature Flags',
    'env-vars': 'Environment Variables',
    'check-all-tiktok': 'Check All TikTok',
    'auth-test': 'Auth Test',
    'sign-out': 'Sign Out',
    'sesh-refresh': 'Session Refresh',
    'verification-keys': 'Verification Keys',
    'model-test': 'Model Test',
    'test-essence': 'Test Essence',
    outbox: 'Outbox',
  };

  it('lists the outbox: emails and text messages, each marked', async () => {
    developerHost(true);
    sessionOf({ userType: 'guest' });
    answerEverything();
    server.use(
      http.get('/api/dev/outbox', ({ response }) =>
        response(200).json({
          messages: [
            {
              id: '0b8f6f1e-8f7e-4a55-9a43-3b0a3f0d1c01',
              channel: 'sms',
              to: '+14155550100',
              subject: 'SMS',
              text: 'Your Backtalk code is 123456.',
              createdAt: '2026-11-27T07:00:00.000Z',
            },
            {
              id: '0b8f6f1e-8f7e-4a55-9a43-3b0a3f0d1c02',
              channel: 'email',
              to: 'fan@example.com',
              subject: 'Your Backtalk confirmation code',
              text: 'Your code is 654321',
              createdAt: '2026-11-27T06:59:00.000Z',
            },
          ],
        }),
      ),
    );
    renderDev('/dev/outbox');
    expect(await screen.findByText(/^Text message to \+14155550100 ·/)).toBeTruthy();
    expect(screen.getByText(/^Email to fan@example\.com ·/)).toBeTruthy();
    expect(screen.getByText('Your Backtalk code is 123456.')).toBeTruthy();
  });

  it.each(DEVELOPER_PAGES.map((page) => page.path))('renders /dev/%s on a developer host', async (path) => {
    developerHost(true);
    sessionOf({ userType: 'guest' });
    answerEverything();
    renderDev(`/dev/${path}`);
    expect(await heading(titles[path])).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Developer pages' })).toBeTruthy();
  });

  it('does not route /dev/* on another host: the path goes home', async () => {
    developerHost(false);
    sessionOf({ userType: 'guest' });
    renderDev('/dev/env-vars');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(apiCalls('GET', '/api/dev/env-vars')).toHaveLength(0);
  });

  it("shows 'Page Not Found (Dev)' for an unknown sub-route", async () => {
    developerHost(true);
    sessionOf({ userType: 'guest' });
    renderDev('/dev/nothing-here');
    expect(await heading('Page Not Found (Dev)')).toBeTruthy();
  });

  it('env-vars masks every secret and never shows its value', async () => {
    developerHost(true);
    sessionOf(ADMIN);
    answerEverything();
    renderDev('/dev/env-vars');
    const billing = await screen.findByRole('table', { name: 'billing configuration' }, { timeout: 5000 });
    const secretRow = within(billing).getByRole('row', { name: /STRIPE_SECRET_KEY/ });
    expect(secretRow.textContent).toContain(MASKED_SECRET);
    expect(within(billing).getByRole('row', { name: /SMTP_URL/ }).textContent).toContain('(secret, not set)');
    expect(within(billing).getByRole('row', { name: /STRIPE_API_BASE/ }).textContent).toContain(
      'http://localhost:12111',
    );
    expect(screen.getByText(/The service did not answer in time/)).toBeTruthy();
  });

  it('env-vars tells a user who is not an admin why there is nothing to see', async () => {
    developerHost(true);
    sessionOf({ userType: 'authenticated', email: 'fan@example.com' });
    server.use(
      http.get('/api/dev/env-vars', ({ response }) =>
        response.untyped(errorResponse(403, 'FORBIDDEN', 'Only admins can see the configuration.')),
      ),
    );
    renderDev('/dev/env-vars');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'Only admins can see the configuration.',
    );
  });

  it('auth-test shows the session and its claims, and reports the 401 of a call without a token', async () => {
    developerHost(true);
    sessionOf(ADMIN);
    answerEverything();
    renderDev('/dev/auth-test');
    expect((await screen.findByLabelText('Claims', {}, { timeout: 5000 })).textContent).toContain('"groups"');
    expect(screen.getByText('admin')).toBeTruthy();
    server.use(
      http.get('/api/dev/auth-test', ({ request, response }) =>
        request.headers.get('Authorization')
          ? undefined
          : response.untyped(
              errorResponse(401, 'UNAUTHORIZED', 'Sign in, or continue as a guest, to do this'),
            ),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Call without a token' }));
    expect(
      await screen.findByText('401 Unauthorized: Sign in, or continue as a guest, to do this'),
    ).toBeTruthy();
    expect(apiCalls('GET', '/api/dev/auth-test').at(-1)?.headers['authorization']).toBeUndefined();
  });

  it("sign-out says 'Failed to sign out. Please try again.' with a Return Home button", async () => {
    developerHost(true);
    sessionOf(ADMIN);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('/api/auth/sign-out', ({ response }) =>
        response.untyped(errorResponse(503, 'SERVICE_UNAVAILABLE', 'down')),
      ),
    );
    renderDev('/dev/sign-out');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText(SIGN_OUT_FAILED_TEXT)).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Return Home' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('sesh-refresh forces a refresh and shows the new expiry', async () => {
    developerHost(true);
    sessionOf(ADMIN);
    answerEverything();
    const user = sessionOf(ADMIN);
    server.use(
      http.post('/api/auth/refresh', ({ response }) =>
        response(200).json({
          tokens: { idToken: fakeJwt({ sub: user.userId }), accessToken: 'rotated', expiresIn: 900 },
        }),
      ),
      http.get('/api/dev/auth-test', ({ request, response }) =>
        response(200).json({
          actor: { userId: 'c2f0b4f6-3f4c-4f43-9f55-5d0f6a1c1b11', userType: 'authenticated', groups: [] },
          claims: {},
          expiresAt:
            request.headers.get('Authorization') === 'Bearer rotated'
              ? '2030-01-02T03:04:05.000Z'
              : '2030-01-01T00:00:00.000Z',
        }),
      ),
    );
    renderDev('/dev/sesh-refresh');
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh session' }, { timeout: 5000 }));
    expect((await screen.findByTestId('new-expiry')).textContent).toBe(
      new Date('2030-01-02T03:04:05.000Z').toLocaleString(),
    );
    expect(apiCalls('POST', '/api/auth/refresh').length).toBeGreaterThan(0);
  });

  it("verification-keys says 'Access denied - this page is restricted to authorized users only' when refused", async () => {
    developerHost(true);
    sessionOf({ userType: 'guest' });
    server.use(
      http.get('/api/creator/verification-key', ({ response }) =>
        response.untyped(errorResponse(403, 'FORBIDDEN', 'Sign in with an account to become a creator')),
      ),
    );
    renderDev('/dev/verification-keys');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      VERIFICATION_KEYS_DENIED_TEXT,
    );
  });

  it('stripe: Create Stripe Account starts onboarding; Open Stripe Dashboard leaves for the login link', async () => {
    developerHost(true);
    sessionOf({ userType: 'authenticated', email: 'maya@example.com', isCreator: true });
    answerEverything();
    const leave = jest.spyOn(browserNavigation, 'leaveTo').mockImplementation(() => undefined);
    server.use(
      http.post('/api/billing/onboarding', ({ response }) =>
        response(200).json({ accountId: 'acct_123', url: 'https://connect.stripe.com/setup/e/acct_123' }),
      ),
      http.post('/api/billing/dashboard-link', ({ response }) =>
        response(200).json({ url: 'https://connect.stripe.com/express/login' }),
      ),
    );
    renderDev('/dev/stripe');
    fireEvent.click(await screen.findByRole('button', { name: 'Create Stripe Account' }, { timeout: 5000 }));
    expect(await screen.findByText(/Account acct_123/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open Stripe Dashboard' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://connect.stripe.com/express/login'));
  });

  it('model-test runs the shared probes as this session and flags an outcome the matrix does not expect', async () => {
    developerHost(true);
    sessionOf({ userType: 'authenticated', email: 'fan@example.com' });
    const demoId = 'f1409c4c-40a4-4c22-8ed5-aad59865a030';
    const flagId = '4f1c2e0a-5d4b-4c3a-9e8f-1a2b3c4d5e6f';
    const forbidden = () => errorResponse(403, 'FORBIDDEN', 'no');
    server.use(
      http.get('/api/creators', ({ response }) =>
        response(200).json({
          creators: [
            {
              id: demoId,
              userId: 'u',
              handle: 'demo.creator',
              nickName: 'Tilly',
              tiktokURL: '',
              bio: '',
              thumb: '',
              demoAccount: true,
              onboardingComplete: true,
              initComplete: true,
              verified: false,
              createdAt: '2026-11-01T10:00:00.000Z',
            },
          ],
        }),
      ),
      http.get('/api/feature-flags', ({ response }) =>
        response(200).json({
          environment: 'development',
          flags: [
            {
              id: flagId,
              name: 'bypassSubscriptions',
              description: '',
              enabled: false,
              environment: 'development',
              lastUpdatedBy: null,
              updatedAt: '2026-11-23T09:00:00.000Z',
            },
          ],
        }),
      ),
      http.get('/api/creators/{id}/posts', ({ response }) => response(200).json({ posts: [] })),
      http.get('/api/billing/subscriptions', ({ response }) =>
        response(200).json({ subscriptions: [], canManageBilling: false, paymentsConfigured: true }),
      ),
      http.get('/api/creator/verification-key', ({ response }) =>
        response(200).json({ verificationKey: null }),
      ),
      http.get('/api/creator/prompt', ({ response }) => response.untyped(forbidden())),
      http.get('/api/admin/demo-accounts', ({ response }) => response.untyped(forbidden())),
      http.get('/api/dev/env-vars', ({ response }) => response.untyped(forbidden())),
      http.put('/api/admin/demo-accounts/{creatorId}/prompt', ({ response }) =>
        response.untyped(forbidden()),
      ),
      // A broken rule: this user's toggle goes through.
      http.patch('/api/feature-flags/{id}', ({ response }) =>
        response(200).json({
          id: flagId,
          name: 'bypassSubscriptions',
          description: '',
          enabled: false,
          environment: 'development',
          lastUpdatedBy: 'fan',
          updatedAt: '2026-11-23T09:00:00.000Z',
        }),
      ),
    );
    renderDev('/dev/model-test');
    fireEvent.click(await screen.findByRole('button', { name: 'Run probes' }, { timeout: 5000 }));
    const matrix = await screen.findByRole('table', { name: 'Access matrix' });
    expect(within(matrix).getAllByRole('row')).toHaveLength(ACCESS_PROBES.length + 1);
    expect(screen.getByText(`1 of ${ACCESS_PROBES.length} probes differs from the matrix.`)).toBeTruthy();
    const toggle = within(matrix).getByRole('row', { name: /bypassSubscriptions, set to its own state/ });
    expect(toggle.textContent).toContain('allowed (200) ✗');
    expect(apiCalls('PATCH', `/api/feature-flags/${flagId}`)[0]?.body).toEqual({ enabled: false });
  });

  it("creator-init reads a profile's data by the username after the last @, and says what is missing", async () => {
    expect(usernameOf('https://www.tiktok.com/@first/@demo.creator?lang=en')).toBe('demo.creator');
    developerHost(true);
    sessionOf({ userType: 'guest' });
    renderDev('/dev/creator-init');
    const button = await screen.findByRole('button', { name: 'Get User Data' }, { timeout: 5000 });
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(CREATOR_INIT_TEXT.blank);
    fireEvent.change(screen.getByLabelText('TikTok profile URL'), {
      target: { value: 'https://www.tiktok.com/@demo.creator' },
    });
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CREATOR_INIT_TEXT.signedOut));
    expect(apiCalls('POST', '/api/dev/creator-data')).toHaveLength(0);

    cleanup();
    sessionOf({ userType: 'authenticated', email: 'dev@example.com' });
    server.use(
      http.post('/api/dev/creator-data', ({ response }) =>
        response(200).json({
          profile: {
            provider: 'fixture',
            handle: 'demo.creator',
            nickName: 'Tilly',
            bio: 'Baking every day',
            followerCount: 120000,
            avatarUrl: '',
            secUid: 's',
            tikTokUserId: 't-1',
          },
          videos: [
            {
              awemeId: 'a1',
              desc: 'Sourdough in 5 steps',
              createdAt: '2026-11-20T10:00:00.000Z',
              videoUrl: 'https://www.tiktok.com/@demo.creator/video/a1',
              hasCaptions: true,
              hasCover: true,
            },
          ],
          videoCount: 1,
        }),
      ),
    );
    renderDev('/dev/creator-init');
    fireEvent.change(await screen.findByLabelText('TikTok profile URL', {}, { timeout: 5000 }), {
      target: { value: 'https://www.tiktok.com/@demo.creator?lang=en' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Get User Data' }));
    expect(await screen.findByText('Sourdough in 5 steps')).toBeTruthy();
    expect(screen.getByText('Baking every day')).toBeTruthy();
    expect(apiCalls('POST', '/api/dev/creator-data')[0]?.body).toEqual({ handle: 'demo.creator' });
  });

  it('test-essence is disabled while the content is blank, then shows the generated essence', async () => {
    developerHost(true);
    sessionOf(ADMIN);
    server.use(
      http.post('/api/dev/test-essence', ({ response }) =>
        response(200).json({ essence: 'You are a cheerful baker.' }),
      ),
    );
    renderDev('/dev/test-essence');
    const generate = await screen.findByRole('button', { name: 'Generate essence' }, { timeout: 5000 });
    expect((generate as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Content'), { target: { value: '   \n ' } });
    expect((generate as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Content'), { target: { value: 'I bake bread.\n\nI love rye.' } });
    expect((generate as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(generate);
    expect(await screen.findByText('You are a cheerful baker.')).toBeTruthy();
    expect(apiCalls('POST', '/api/dev/test-essence')[0]?.body).toEqual({
      content: 'I bake bread.\n\nI love rye.',
    });
  });

  it('check-all-tiktok starts a round and follows it until every creator is done', async () => {
    developerHost(true);
    sessionOf(ADMIN);
    const roundId = '2b7e1c3a-8f4d-4e6b-9a1c-3d5f7e9b1a2c';
    const run = (state: 'queued' | 'succeeded', newPosts: number | null) => ({
      creatorId: 'c2f0b4f6-3f4c-4f43-9f55-5d0f6a1c1b11',
      handle: 'maya',
      runId: '7a1c3e5f-2b4d-4f6a-8c0e-1a3b5c7d9e0f',
      state,
      newPosts,
      error: null,
      updatedAt: '2026-11-26T10:00:00.000Z',
    });
    server.use(
      http.post('/api/dev/check-all-tiktok', ({ response }) =>
        response(202).json({ roundId, runs: [run('queued', null)], finished: false }),
      ),
      http.get('/api/dev/check-all-tiktok/{roundId}', ({ response }) =>
        response(200).json({ roundId, runs: [run('succeeded', 2)], finished: true }),
      ),
    );
    renderDev('/dev/check-all-tiktok');
    fireEvent.click(await screen.findByRole('button', { name: 'Re-sync all creators' }, { timeout: 5000 }));
    expect(
      await screen.findByText('Done: 1 creator checked, 2 new posts.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(apiCalls('GET', `/api/dev/check-all-tiktok/${roundId}`).length).toBeGreaterThan(0);
  });
});
