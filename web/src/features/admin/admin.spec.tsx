import { Role } from '@backtalk/proto/browser';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { DemoAccount } from '../../api';
import { apiCalls, errorResponse, http, server } from '../../test/api-mock';
import { resetAppState, signInAs } from '../../test/fixtures';
import { appRoutes } from '../shell/routes';
import { adminRoutes } from './admin.routes';
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
