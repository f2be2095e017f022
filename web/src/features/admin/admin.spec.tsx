import { CREATOR_INIT_STATUSES, Role } from '@backtalk/proto/browser';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { DemoAccount, DemoInitStatus } from '../../api';
import {
  apiCalls,
  errorResponse,
  eventStream,
  http,
  server,
  type StreamController,
} from '../../test/api-mock';
import { resetAppState, signInAs } from '../../test/fixtures';
import { appRoutes } from '../shell/routes';
import { adminRoutes } from './admin.routes';
import { CREATOR_DEMO_TEXT } from './CreatorDemoPage';
import { DEMO_ACCOUNT_TEXT } from './DemoAccountsPage';

const tilly: DemoAccount = {
  creatorId: 'f1409c4c-40a4-4c22-8ed5-aad59865a030',
  handle: 'demo.creator',
  nickName: 'Tilly Saffron',
  thumb: '',
  tiktokURL: 'https://www.tiktok.com/@demo.creator',
  creatorPrompt: 'Be warm and talk about spices.',
  promptVersions: 0,
  promptUpdatedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

/** The session as the store holds it and as GET /api/auth/session answers it (the shell reloads it). */
function sessionOf(info: Parameters<typeof signInAs>[0]) {
  const user = signInAs(info);
  server.use(http.get('/api/auth/session', ({ response }) => response(200).json(user)));
}
const asAdmin = () =>
  sessionOf({ userType: 'authenticated', email: 'ops@example.com', groups: [Role.Admin] });

function renderAdmin(path: string) {
  render(<RouterProvider router={createMemoryRouter(appRoutes(adminRoutes), { initialEntries: [path] })} />);
}

describe('/admin/* (spec §2, §6 Admin)', () => {
  beforeEach(() => {
    resetAppState();
    server.use(
      http.get('/api/creators/featured', ({ response }) =>
        response.untyped(errorResponse(404, 'CREATOR_NOT_FOUND', 'none')),
      ),
    );
  });
  afterEach(cleanup);

  it.each(['/admin', '/admin/demo-accounts', '/admin/creator-demo', '/admin/elsewhere'])(
    "shows 'Access Denied' on %s to a user outside the admin group, without asking the API",
    async (path) => {
      sessionOf({ userType: 'authenticated', email: 'fan@example.com', groups: [] });
      renderAdmin(path);
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
      expect(apiCalls('GET', '/api/admin/demo-accounts')).toHaveLength(0);
    },
  );

  it("shows 'Access Denied' to a guest", async () => {
    sessionOf({ userType: 'guest' });
    renderAdmin('/admin/demo-accounts');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
  });

  it("shows 'Page Not Found (Admin)' for an unknown sub-route", async () => {
    asAdmin();
    renderAdmin('/admin/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page Not Found (Admin)' })).toBeTruthy();
  });

  it('lists the demo accounts with their prompts and saves an edited prompt', async () => {
    asAdmin();
    server.use(
      http.get('/api/admin/demo-accounts', ({ response }) => response(200).json({ demoAccounts: [tilly] })),
      http.put('/api/admin/demo-accounts/{creatorId}/prompt', async ({ request, params, response }) => {
        const { creatorPrompt } = (await request.json()) as { creatorPrompt: string };
        return response(200).json({
          ...tilly,
          creatorId: params.creatorId,
          creatorPrompt,
          promptVersions: 2,
          promptUpdatedAt: '2026-11-23T10:00:00.000Z',
        });
      }),
    );
    renderAdmin('/admin/demo-accounts');
    const card = await screen.findByRole('listitem', { name: 'Tilly Saffron' });
    const prompt = within(card).getByLabelText('Creator prompt') as HTMLTextAreaElement;
    expect(prompt.value).toBe(tilly.creatorPrompt);
    expect(within(card).getByRole('link', { name: '/@demo.creator' }).getAttribute('href')).toBe(
      '/@demo.creator',
    );
    fireEvent.change(prompt, { target: { value: 'Be brief.' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect((await within(card).findByRole('status')).textContent).toBe(DEMO_ACCOUNT_TEXT.saved);
    expect(apiCalls('PUT', `/api/admin/demo-accounts/${tilly.creatorId}/prompt`)[0]?.body).toEqual({
      creatorPrompt: 'Be brief.',
    });
    expect(within(card).getByText(/2 versions/)).toBeTruthy();
  });

  it('does not send a blank prompt, and says when saving fails', async () => {
    asAdmin();
    server.use(
      http.get('/api/admin/demo-accounts', ({ response }) => response(200).json({ demoAccounts: [tilly] })),
      http.put('/api/admin/demo-accounts/{creatorId}/prompt', ({ response }) =>
        response.untyped(errorResponse(503, 'SERVICE_UNAVAILABLE', 'down')),
      ),
    );
    renderAdmin('/admin/demo-accounts');
    const card = await screen.findByRole('listitem', { name: 'Tilly Saffron' });
    const prompt = within(card).getByLabelText('Creator prompt');
    fireEvent.change(prompt, { target: { value: '   ' } });
    expect(await within(card).findByText('Write a prompt before saving.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    fireEvent.change(prompt, { target: { value: 'Be brief.' } });
    await waitFor(() => expect(within(card).queryByText('Write a prompt before saving.')).toBeNull());
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(DEMO_ACCOUNT_TEXT.saveFailed);
    expect(apiCalls('PUT', `/api/admin/demo-accounts/${tilly.creatorId}/prompt`)).toHaveLength(1);
  });

  it("says 'Failed to fetch demo accounts' when the list cannot be had, and tries again", async () => {
    asAdmin();
    server.use(
      http.get('/api/admin/demo-accounts', ({ response }) =>
        response.untyped(errorResponse(403, 'FORBIDDEN', 'Only admins can see and edit demo accounts.')),
      ),
    );
    renderAdmin('/admin/demo-accounts');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(DEMO_ACCOUNT_TEXT.loadFailed)).toBeTruthy();
    server.use(
      http.get('/api/admin/demo-accounts', ({ response }) => response(200).json({ demoAccounts: [] })),
    );
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(DEMO_ACCOUNT_TEXT.empty)).toBeTruthy();
  });
});

describe('/admin/creator-demo: the admin demo flow (spec §2, §4, §5)', () => {
  const demoId = '3b0e8f3c-9a52-4b8e-8d0c-5d1f7f9e2a11';
  const status = (step: number, overrides: Partial<DemoInitStatus> = {}): DemoInitStatus => ({
    creatorId: demoId,
    runId: '0e7c5a1e-2f4b-4c3d-8e9f-a0b1c2d3e4f5',
    step,
    status: CREATOR_INIT_STATUSES[step]!,
    state: 'running',
    error: null,
    initComplete: false,
    updatedAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  });
  let streams: StreamController[];

  beforeEach(() => {
    resetAppState();
    streams = [];
    asAdmin();
    server.use(
      http.get('/api/creators/featured', ({ response }) =>
        response.untyped(errorResponse(404, 'CREATOR_NOT_FOUND', 'none')),
      ),
      http.post('/api/admin/demo-accounts', ({ response }) => response(201).json(status(0))),
      http.post('/api/admin/demo-accounts/{creatorId}/init', ({ response }) => response(200).json(status(0))),
      http.get('/api/creator/init/events', ({ response }) => {
        const stream = eventStream();
        streams.push(stream);
        return response.untyped(stream.response);
      }),
    );
  });
  afterEach(cleanup);

  const urlInput = () => screen.findByLabelText('TikTok profile URL');
  const submit = async (value: string) => {
    fireEvent.change(await urlInput(), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Demo' }));
  };

  it("alerts 'Please enter a valid TikTok URL containing @ symbol' for a link without @, and creates nothing", async () => {
    renderAdmin('/admin/creator-demo');
    await submit('https://www.tiktok.com/maya.makes');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please enter a valid TikTok URL containing @ symbol',
    );
    await submit('https://example.com/@maya.makes');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CREATOR_DEMO_TEXT.invalid));
    expect(apiCalls('POST', '/api/admin/demo-accounts')).toHaveLength(0);
  });

  it("creates the demo, follows its 13 statuses live, and on the last one shows the done state with 'Create Another Demo'", async () => {
    renderAdmin('/admin/creator-demo');
    await submit('  https://www.tiktok.com/@Maya.Makes?lang=en ');
    expect(await screen.findByRole('heading', { name: 'Creating demo account @maya.makes' })).toBeTruthy();
    expect(apiCalls('POST', '/api/admin/demo-accounts')[0]?.body).toEqual({
      tiktokURL: 'https://www.tiktok.com/@Maya.Makes?lang=en',
    });
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(apiCalls('GET', '/api/creator/init/events')[0]?.query).toEqual({ creatorId: demoId });
    act(() => streams[0]!.event('status', status(5)));
    await waitFor(() =>
      expect(screen.getByTestId('init-status').textContent).toBe('Processing video data...'),
    );
    expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBe(
      Math.round((5 / 13) * 100),
    );
    act(() => {
      streams[0]!.event('status', status(12, { state: 'completed', initComplete: true }));
      streams[0]!.close();
    });
    expect(await screen.findByRole('heading', { name: 'Demo account ready' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the chat' }).getAttribute('href')).toBe('/@maya.makes');
    fireEvent.click(screen.getByRole('button', { name: CREATOR_DEMO_TEXT.again }));
    expect(((await urlInput()) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('heading', { name: 'Create Demo Account' })).toBeTruthy();
  });

  it("shows a failed step's error, and Retry starts the demo's run again", async () => {
    renderAdmin('/admin/creator-demo');
    await submit('@maya.makes');
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => {
      streams[0]!.event(
        'status',
        status(1, { state: 'failed', error: 'We could not find the TikTok profile @maya.makes.' }),
      );
      streams[0]!.close();
    });
    await screen.findByText('We could not find the TikTok profile @maya.makes.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(apiCalls('POST', `/api/admin/demo-accounts/${demoId}/init`).length).toBeGreaterThanOrEqual(2),
    );
    await waitFor(() => expect(streams).toHaveLength(2));
  });

  it("shows the server's reason when the profile is already a creator (409), and stays on the input", async () => {
    const reason =
      '@demo.creator is already a creator on Backtalk, so no demo account was created. Find it on the Demo Accounts page, or enter another profile.';
    server.use(
      http.post('/api/admin/demo-accounts', ({ response }) =>
        response.untyped(errorResponse(409, 'CREATOR_ALREADY_EXISTS', reason)),
      ),
    );
    renderAdmin('/admin/creator-demo');
    await submit('https://www.tiktok.com/@demo.creator');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(CREATOR_DEMO_TEXT.createFailed)).toBeTruthy();
    expect(within(alert).getByText(reason)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Create Demo Account' })).toBeTruthy();
    expect(apiCalls('GET', '/api/creator/init/events')).toHaveLength(0);
  });
});
