import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import type { SessionInfo } from '../../api';
import { apiCalls, errorResponse, http, server } from '../../test/api-mock';
import { newCreator, newSessionInfo, resetAppState, signInAs, WithProviders } from '../../test/fixtures';
import { LocationProbe } from '../../test/LocationProbe';
import { STORAGE_KEYS } from '../session';
import { appRoutes, mergeSections } from '../shell/routes';
import { creatorRoutes } from './creator.routes';
import { VERIFY_TEXT } from './CreatorVerifyPage';
import { browserNavigation } from '../shell/browser-navigation';

const routes = mergeSections(creatorRoutes, { public: [{ path: 'sign-in', element: <p>sign-in page</p> }] });

function renderApp(path: string) {
  const withProbe = [
    {
      element: (
        <>
          <Outlet />
          <LocationProbe />
        </>
      ),
      children: appRoutes(routes),
    },
  ];
  return render(<RouterProvider router={createMemoryRouter(withProbe, { initialEntries: [path] })} />);
}
const location = () => screen.getByTestId('location').textContent;

/** A signed-in user, as the store and the session route both say. */
function asUser(overrides: Partial<SessionInfo> = {}) {
  const info = newSessionInfo({
    userId: 'user-1',
    userType: 'authenticated',
    email: 'u@example.com',
    ...overrides,
  });
  signInAs(info);
  server.use(http.get('/api/auth/session', ({ response }) => response(200).json(info)));
}

const providers = () =>
  http.get('/api/creator/content-providers', ({ response }) =>
    response(200).json({
      providers: [
        { name: 'fixture', configured: true },
        { name: 'data-export', configured: true },
      ],
    }),
  );

describe('creator screens', () => {
  beforeEach(() => resetAppState());
  afterEach(() => cleanup());

  it('sends visitors from /creator/signup to /creator/not-logged-in, whose button comes back after sign-in', async () => {
    signInAs({ userType: 'guest' });
    renderApp('/creator/signup');
    expect(await screen.findByRole('heading', { name: 'Sign In Required' })).toBeTruthy();
    expect(location()).toBe('/creator/not-logged-in');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toBe('/sign-in'));
    expect(localStorage.getItem(STORAGE_KEYS.signInRedirectPath)).toBe('/creator/signup');
  });

  it("answers No with 'Not Enough Followers' and a way home", async () => {
    asUser();
    renderApp('/creator/signup');
    expect(
      await screen.findByRole('heading', { name: 'Do you have more than 2500 TikTok followers?' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByRole('heading', { name: 'Not Enough Followers' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Return Home' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('answers Yes by going to /creator/verify after 1 s', async () => {
    asUser();
    server.use(
      providers(),
      http.get('/api/creator/verification-key', ({ response }) =>
        response(200).json({ verificationKey: null }),
      ),
    );
    renderApp('/creator/signup');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(location()).toBe('/creator/signup');
    await waitFor(() => expect(location()).toBe('/creator/verify'), { timeout: 2000 });
  });

  it('shows the user id field only once the existing key is known, so nothing typed is replaced', async () => {
    asUser();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      providers(),
      http.get('/api/creator/verification-key', async ({ response }) => {
        await answered;
        return response(200).json({
          verificationKey: {
            key: 'BACKTALK-AAAAA-BBBBB',
            tikTokUserId: '@maya.makes',
            status: 'NOT_VERIFIED_KEY_GENERATED',
            createdAt: '2025-01-01T00:00:00Z',
          },
        });
      }),
    );
    renderApp('/creator/verify');
    expect(await screen.findByText('Checking for an existing key...')).toBeTruthy();
    expect(screen.queryByLabelText('TikTok user ID')).toBeNull();
    answer();
    expect(((await screen.findByLabelText('TikTok user ID')) as HTMLInputElement).value).toBe('@maya.makes');
    expect(screen.queryByText('Checking for an existing key...')).toBeNull();
  });

  it('shows an existing key directly, applies the @ rule, and words every outcome as the spec does', async () => {
    asUser();
    let outcome = 'FOLLOWER_UNDER_2500';
    server.use(
      providers(),
      http.get('/api/creator/verification-key', ({ response }) =>
        response(200).json({
          verificationKey: {
            key: 'BACKTALK-AAAAA-BBBBB',
            tikTokUserId: '@maya.makes',
            status: 'NOT_VERIFIED_KEY_GENERATED',
            createdAt: '2025-01-01T00:00:00Z',
          },
        }),
      ),
      http.post('/api/creator/verification', ({ response }) =>
        response(200).json({ outcome: outcome as 'NOT_VERIFIED', creatorId: null }),
      ),
      http.post('/api/creator/verification-key', ({ response }) =>
        response.untyped(
          errorResponse(409, 'PROFILE_ALREADY_CLAIMED', 'This TikTok profile is already linked.'),
        ),
      ),
    );
    renderApp('/creator/verify');
    expect((await screen.findByTestId('verification-key')).textContent).toBe('BACKTALK-AAAAA-BBBBB');
    expect(
      await screen.findByText('Available here: Local fixture profiles, TikTok data export (content only).'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Verify Profile' }));
    expect(await screen.findByText(VERIFY_TEXT.followerUnder2500)).toBeTruthy();
    outcome = 'NOT_VERIFIED';
    fireEvent.click(screen.getByRole('button', { name: 'Verify Profile' }));
    expect(await screen.findByText(VERIFY_TEXT.notVerified)).toBeTruthy();
    outcome = 'SOMETHING_ELSE';
    fireEvent.click(screen.getByRole('button', { name: 'Verify Profile' }));
    expect(await screen.findByText('Unexpected response from server.')).toBeTruthy();

    const input = screen.getByLabelText('TikTok user ID');
    fireEvent.change(input, { target: { value: 'maya.makes' } });
    expect(await screen.findByText('TikTok user ID must start with @')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('verification-key')).toBeNull());
    expect((screen.getByRole('button', { name: 'Generate Key' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(input, { target: { value: '@other.handle' } });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Generate Key' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Generate Key' }));
    expect(await screen.findByText('Failed to generate verification key.')).toBeTruthy();
    expect(screen.getByText('This TikTok profile is already linked.')).toBeTruthy();
    expect(apiCalls('POST', '/api/creator/verification-key')[0]?.body).toEqual({
      tikTokUserId: '@other.handle',
    });
  });

  it("offers 'Connect TikTok' when the TikTok API provider is configured, and shows the connected account", async () => {
    asUser();
    let connection: { username: string; displayName: string } | null = null;
    server.use(
      http.get('/api/creator/content-providers', ({ response }) =>
        response(200).json({
          providers: [
            { name: 'tiktok-api', configured: true },
            { name: 'data-export', configured: true },
          ],
        }),
      ),
      http.get('/api/creator/verification-key', ({ response }) =>
        response(200).json({ verificationKey: null }),
      ),
      http.get('/api/creator/tiktok/connection', ({ response }) =>
        response(200).json({
          connection: connection && {
            ...connection,
            openId: 'open-1',
            avatarUrl: '',
            scope: 'user.info.basic,user.info.profile,user.info.stats,video.list',
            connectedAt: '2026-11-26T10:00:00.000Z',
          },
        }),
      ),
      http.post('/api/creator/tiktok/connect', ({ response }) =>
        response(200).json({ authorizationUrl: 'https://www.tiktok.com/v2/auth/authorize/?state=s' }),
      ),
      http.delete('/api/creator/tiktok/connection', ({ response }) => response(200).json({ deleted: true })),
    );
    const leave = jest.spyOn(browserNavigation, 'leaveTo').mockImplementation(() => undefined);
    try {
      const first = renderApp('/creator/verify');
      expect(
        await screen.findByText('Available here: TikTok API, TikTok data export (content only).'),
      ).toBeTruthy();
      fireEvent.click(await screen.findByRole('button', { name: 'Connect TikTok' }));
      await waitFor(() =>
        expect(leave).toHaveBeenCalledWith('https://www.tiktok.com/v2/auth/authorize/?state=s'),
      );
      first.unmount();

      // Back from TikTok: the connected account, and a way to disconnect it.
      connection = { username: 'maya.makes', displayName: 'Maya' };
      resetAppState();
      asUser();
      renderApp('/creator/verify?tiktok=connected');
      expect(await screen.findByText('Your TikTok account is connected.')).toBeTruthy();
      expect(
        await screen.findByText(
          /Connected as @maya\.makes \(Maya\)\. Use @maya\.makes as your TikTok user ID above\./,
        ),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Disconnect TikTok' }));
      expect(await screen.findByRole('button', { name: 'Connect TikTok' })).toBeTruthy();
      expect(apiCalls('DELETE', '/api/creator/tiktok/connection')).toHaveLength(1);
    } finally {
      leave.mockRestore();
    }
  });

  it('does not offer TikTok when the server has it not configured, and says so', async () => {
    asUser();
    server.use(
      http.get('/api/creator/content-providers', ({ response }) =>
        response(200).json({
          providers: [
            { name: 'fixture', configured: true },
            { name: 'tiktok-api', configured: false },
            { name: 'data-export', configured: true },
          ],
        }),
      ),
      http.get('/api/creator/verification-key', ({ response }) =>
        response(200).json({ verificationKey: null }),
      ),
    );
    renderApp('/creator/verify?tiktok=error&reason=denied');
    expect(
      await screen.findByText(
        'Available here: Local fixture profiles, TikTok data export (content only). Not set up on this server: TikTok API.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect TikTok' })).toBeNull();
    expect(screen.queryByTestId('tiktok-connect')).toBeNull();
  });

  it("says 'Failed to check for existing verification key' when the key cannot be read", async () => {
    asUser();
    server.use(
      providers(),
      http.get('/api/creator/verification-key', ({ response }) =>
        response.untyped(errorResponse(503, 'SERVICE_UNAVAILABLE', 'down')),
      ),
    );
    renderApp('/creator/verify');
    expect(await screen.findByText('Failed to check for existing verification key')).toBeTruthy();
  });

  it("greets a creator on /creator with the share link and 'Copied!' for 1200 ms", async () => {
    asUser({ isCreator: true });
    server.use(
      http.get('/api/creator/me', ({ response }) => response(200).json(newCreator({ userId: 'user-1' }))),
    );
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Creator!' })).toBeTruthy();
    expect(location()).toBe('/creator');
    expect(screen.getByText('Share your AI chat:')).toBeTruthy();
    expect(screen.getByTestId('share-link').textContent).toBe(`${window.location.origin}/@maya.makes`);
    // Every studio screen of the user menu is a card here too.
    const tools = within(screen.getByRole('navigation', { name: 'Creator tools' }));
    expect(tools.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/creator/tools',
      '/creator/preview',
      '/creator/insights',
      '/creator/knowledge',
      '/creator/inbox',
      '/creator/posts',
      '/creator/payments',
      '/creator/safety',
    ]);
    // Onboarding incomplete (spec §2): fans open the link only once it is finished.
    expect(
      await screen.findByText('Fans can open this link once you finish Stripe onboarding.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/@maya.makes`);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy(), { timeout: 2000 });
  });

  it("shows the creator's own chat above the sticky finish button while onboarding is incomplete (spec §2), neither once complete", async () => {
    asUser({ isCreator: true });
    let status = 'incomplete';
    server.use(
      http.get('/api/creator/me', ({ response }) => response(200).json(newCreator({ userId: 'user-1' }))),
      http.get('/api/billing/onboarding', ({ response }) =>
        response(200).json({ status: status as 'incomplete', accountId: null }),
      ),
      // The chat's own calls: its conversation, an empty history, the allowance.
      http.post('/api/conversations', ({ response }) =>
        response(201).json({
          id: '00000000-0000-4000-8000-0000000000a1',
          creatorId: '00000000-0000-4000-8000-0000000000c1',
          createdAt: '2026-11-27T04:00:00.000Z',
          title: '',
        } as never),
      ),
      http.get('/api/conversations/{id}/messages', ({ response }) =>
        response(200).json({ messages: [], nextCursor: null }),
      ),
      http.get('/api/conversations/{id}/in-person', ({ response }) =>
        response(200).json({ creatorMayRead: false, inPerson: false }),
      ),
      http.post('/api/chat/rate-limit', ({ response }) =>
        response(200).json({ canSendMessage: true, nextAvailableTime: null }),
      ),
    );
    renderApp('/creator');
    const chat = await screen.findByTestId('own-chat');
    expect(chat.textContent).toContain('Your AI chat');
    expect(await screen.findByRole('log', { name: /^Conversation with / })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish Stripe Onboarding to collect payments' })).toBeTruthy();
    cleanup();

    status = 'complete';
    renderApp('/creator');
    expect(await screen.findByRole('heading', { name: 'Welcome, Creator!' })).toBeTruthy();
    await waitFor(() => expect(apiCalls('GET', '/api/billing/onboarding').length).toBeGreaterThan(1));
    expect(screen.queryByTestId('own-chat')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Finish Stripe Onboarding to collect payments' })).toBeNull();
  });

  it('saves the prompt with Saving... then Prompt updated!, and restores a version', async () => {
    asUser({ isCreator: true });
    const reply = (creatorPrompt: string, versions: number) => ({
      creatorId: 'creator-1',
      creatorPrompt,
      versions: Array.from({ length: versions }, (_, index) => ({
        id: `00000000-0000-4000-8000-00000000000${versions - index}`,
        version: versions - index,
        creatorPrompt: versions - index === 1 ? 'Be kind.' : creatorPrompt,
        editedBy: 'user-1',
        createdAt: '2025-01-01T00:00:00Z',
      })),
    });
    const draft = (creatorPrompt: string) => ({
      creatorId: '00000000-0000-4000-8000-0000000000c1',
      published: { creatorPrompt: published, boundaries: [] },
      draft: { creatorPrompt, boundaries: [] },
      changed: { creatorPrompt: creatorPrompt !== published, boundaries: false },
      updatedAt: null,
    });
    let published = 'Talk about bread.';
    let drafted = published;
    server.use(
      http.get('/api/creator/prompt', ({ response }) => response(200).json(reply(published, 2))),
      http.get('/api/creator/draft', ({ response }) => response(200).json(draft(drafted))),
      http.put('/api/creator/draft', async ({ request, response }) => {
        drafted = ((await request.json()) as { creatorPrompt: string }).creatorPrompt;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return response(200).json(draft(drafted));
      }),
      http.post('/api/creator/prompt/rollback', ({ response }) => {
        published = drafted = 'Be kind.';
        return response(200).json(reply('Be kind.', 3));
      }),
    );
    renderApp('/creator/tools');
    expect(await screen.findByRole('heading', { name: 'Customize your AI chat' })).toBeTruthy();
    const editor = screen.getByLabelText('Creator prompt') as HTMLTextAreaElement;
    await waitFor(() => expect(editor.value).toBe('Talk about bread.'));
    fireEvent.change(editor, { target: { value: 'Talk about rye.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeTruthy();
    expect(await screen.findByText('Prompt updated!')).toBeTruthy();
    // A save is a draft: fans get it once it is published on /creator/preview.
    expect(apiCalls('PUT', '/api/creator/draft')[0]?.body).toEqual({ creatorPrompt: 'Talk about rye.' });
    expect(apiCalls('PUT', '/api/creator/prompt')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'preview and publish it' }).getAttribute('href')).toBe(
      '/creator/preview',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Restore version 1' }));
    await waitFor(() => expect(editor.value).toBe('Be kind.'));
    expect(apiCalls('POST', '/api/creator/prompt/rollback')[0]?.body).toEqual({
      versionId: '00000000-0000-4000-8000-000000000001',
    });
  });

  it('refuses a blank prompt without calling the server', async () => {
    asUser({ isCreator: true });
    server.use(
      http.get('/api/creator/prompt', ({ response }) =>
        response(200).json({ creatorId: 'creator-1', creatorPrompt: 'x', versions: [] }),
      ),
      http.get('/api/creator/draft', ({ response }) =>
        response(200).json({
          creatorId: '00000000-0000-4000-8000-0000000000c1',
          published: { creatorPrompt: 'x', boundaries: [] },
          draft: { creatorPrompt: 'x', boundaries: [] },
          changed: { creatorPrompt: false, boundaries: false },
          updatedAt: null,
        }),
      ),
    );
    renderApp('/creator/tools');
    const editor = (await screen.findByLabelText('Creator prompt')) as HTMLTextAreaElement;
    fireEvent.change(editor, { target: { value: '   ' } });
    expect(await screen.findByText('Write a prompt before saving.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(apiCalls('PUT', '/api/creator/draft')).toHaveLength(0);
  });

  it('lists posts newest first, and says when there are none', async () => {
    asUser({ isCreator: true });
    const post = (id: string, tikTokCreatedAt: string) => ({
      id,
      creatorId: 'creator-1',
      awemeId: id,
      caption: `caption ${id}`,
      desc: '',
      tikTokCreatedAt,
      videoUrl: '',
      coverUrl: 'data:image/svg+xml,<svg/>',
    });
    server.use(
      http.get('/api/creator/me', ({ response }) => response(200).json(newCreator({ id: 'creator-1' }))),
      http.get('/api/creators/{id}/posts', ({ response }) =>
        response(200).json({
          posts: [post('old', '2024-01-01T00:00:00Z'), post('new', '2025-01-01T00:00:00Z')],
        }),
      ),
    );
    renderApp('/creator/posts');
    expect(await screen.findByText('caption new')).toBeTruthy();
    expect(screen.getByText("View the posts we've analyzed.")).toBeTruthy();
    const captions = screen.getAllByText(/^caption /).map((node) => node.textContent);
    expect(captions).toEqual(['caption new', 'caption old']);

    cleanup();
    server.use(http.get('/api/creators/{id}/posts', ({ response }) => response(200).json({ posts: [] })));
    const { queryClient } = await import('../../api');
    queryClient.clear();
    renderApp('/creator/posts');
    expect(await screen.findByText('No posts found.')).toBeTruthy();
  });

  it('gives fans a verified badge on a verified creator’s chat and labels demos instead', async () => {
    const { ChatHeader } = await import('../chat/ChatHeader');
    const { rerender } = render(
      <WithProviders>
        <MemoryRouter>
          <ChatHeader creator={newCreator({ verified: true })} />
        </MemoryRouter>
      </WithProviders>,
    );
    expect(screen.getByText('Verified creator')).toBeTruthy();
    rerender(
      <WithProviders>
        <MemoryRouter>
          <ChatHeader creator={newCreator({ verified: false, demoAccount: true })} />
        </MemoryRouter>
      </WithProviders>,
    );
    expect(screen.queryByText('Verified creator')).toBeNull();
    expect(screen.getByText('Demo')).toBeTruthy();
  });
});
