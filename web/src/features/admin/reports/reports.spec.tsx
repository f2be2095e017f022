import { Role } from '@backtalk/proto/browser';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AdminReport, CreatorReport, SessionInfo } from '../../../api';
import { apiCalls, errorResponse, http, server } from '../../../test/api-mock';
import { newCreator, newSessionInfo, resetAppState, signInAs } from '../../../test/fixtures';
import { creatorRoutes } from '../../creator/creator.routes';
import { CREATOR_SAFETY_TEXT } from '../../creator/safety/CreatorSafetyPage';
import { appRoutes, mergeSections } from '../../shell/routes';
import { adminRoutes } from '../admin.routes';
import { ADMIN_REPORTS_TEXT } from './AdminReportsPage';

const creator = newCreator({
  id: '6f1c2c7e-3c8a-4d59-9f0e-1f7a2b3c4d5e',
  userId: 'user-1',
  nickName: 'Tilly',
});
const report: AdminReport = {
  id: '0b6b7d4e-6f1a-4a55-9b0e-2c3d4e5f6a7b',
  creatorId: creator.id,
  messageId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  reason: 'harmful',
  note: 'it told me to skip meals',
  state: 'open',
  action: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  resolvedAt: null,
  turns: [
    {
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      role: 'user',
      content: 'how do I lose weight fast',
      createdAt: '2026-11-27T09:59:00.000Z',
      hidden: false,
      reported: false,
    },
    {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      role: 'assistant',
      content: 'Just stop eating.',
      createdAt: '2026-11-27T09:59:30.000Z',
      hidden: false,
      reported: true,
    },
  ],
  fanId: '7e6d5c4b-3a29-4187-9f6e-5d4c3b2a1908',
  fanCooledDownUntil: null,
  fanSuspended: false,
};

function sessionOf(overrides: Partial<SessionInfo>) {
  const info = newSessionInfo({ userType: 'authenticated', email: 'u@example.com', ...overrides });
  signInAs(info);
  server.use(http.get('/api/auth/session', ({ response }) => response(200).json(info)));
}

function renderApp(path: string) {
  const routes = mergeSections(adminRoutes, creatorRoutes);
  render(<RouterProvider router={createMemoryRouter(appRoutes(routes), { initialEntries: [path] })} />);
}

/** Waits until no button of that name is left on the page. */
async function waitForNone(name: string): Promise<boolean> {
  for (let tries = 0; tries < 100; tries++) {
    if (screen.queryByRole('button', { name }) === null) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('/admin/reports (docs/safety.md, "Reports")', () => {
  beforeEach(() => {
    resetAppState();
    server.use(http.get('/api/creators', ({ response }) => response(200).json({ creators: [creator] })));
  });
  afterEach(cleanup);

  it("shows 'Access Denied' to a user outside the admin group, without asking for reports", async () => {
    sessionOf({ groups: [] });
    renderApp('/admin/reports');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(apiCalls('GET', '/api/admin/reports')).toHaveLength(0);
  });

  it('lists open reports with the turns around the message, filters by state and creator, and acts', async () => {
    sessionOf({ groups: [Role.Admin] });
    let current: AdminReport = report;
    server.use(
      http.get('/api/admin/reports', ({ response }) => response(200).json({ reports: [current] })),
      http.post('/api/admin/reports/{reportId}/actions', async ({ request, response }) => {
        const { action } = (await request.json()) as { action: NonNullable<AdminReport['action']> };
        current = {
          ...report,
          state: 'actioned',
          action,
          resolvedAt: '2026-11-27T10:05:00.000Z',
          turns: report.turns.map((turn) => ({ ...turn, hidden: turn.reported })),
        };
        return response(200).json(current);
      }),
    );
    renderApp('/admin/reports');
    const card = await screen.findByTestId('admin-report');
    expect(within(card).getByText('Harmful or dangerous')).toBeTruthy();
    expect(within(card).getByText('Just stop eating.')).toBeTruthy();
    expect(within(card).getByText('how do I lose weight fast')).toBeTruthy();
    expect(within(card).getByText(/skip meals/)).toBeTruthy();
    expect(apiCalls('GET', '/api/admin/reports')[0]?.query).toEqual({ state: 'open' });

    fireEvent.change(screen.getByLabelText('Creator'), { target: { value: creator.id } });
    await screen.findByTestId('admin-report');
    expect(apiCalls('GET', '/api/admin/reports').at(-1)?.query).toEqual({
      state: 'open',
      creatorId: creator.id,
    });

    fireEvent.click(within(screen.getByTestId('admin-report')).getByRole('button', { name: 'Hide message' }));
    expect((await screen.findByRole('status', { name: '' })).textContent).toContain('Message hidden');
    expect(within(screen.getByTestId('admin-report')).getByText(/hidden/, { selector: 'span' })).toBeTruthy();
    expect(within(screen.getByTestId('admin-report')).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(apiCalls('POST', `/api/admin/reports/${report.id}/actions`)[0]?.body).toEqual({
      action: 'hide-message',
    });
  });

  it('undoes a hidden message and a suspension on a closed report, offering each only while it applies', async () => {
    sessionOf({ groups: [Role.Admin] });
    let current: AdminReport = {
      ...report,
      state: 'actioned',
      action: 'suspend-fan',
      resolvedAt: '2026-11-27T10:05:00.000Z',
      fanSuspended: true,
      turns: report.turns.map((turn) => ({ ...turn, hidden: turn.reported })),
    };
    server.use(
      http.get('/api/admin/reports', ({ response }) => response(200).json({ reports: [current] })),
      http.post('/api/admin/reports/{reportId}/actions', async ({ request, response }) => {
        const { action } = (await request.json()) as { action: string };
        current =
          action === 'unhide-message'
            ? { ...current, turns: current.turns.map((turn) => ({ ...turn, hidden: false })) }
            : { ...current, fanSuspended: false, fanCooledDownUntil: null };
        return response(200).json(current);
      }),
    );
    renderApp('/admin/reports');
    fireEvent.change(await screen.findByLabelText('State'), { target: { value: 'all' } });
    const card = () => screen.getByTestId('admin-report');
    await screen.findByRole('button', { name: 'Unhide message' });
    expect(within(card()).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    fireEvent.click(within(card()).getByRole('button', { name: 'Unhide message' }));
    await screen.findByRole('button', { name: 'Lift suspension and cool-down' });
    expect(await waitForNone('Unhide message')).toBe(true);
    expect(within(card()).queryByText(/hidden/, { selector: 'span' })).toBeNull();
    fireEvent.click(within(card()).getByRole('button', { name: 'Lift suspension and cool-down' }));
    expect(await waitForNone('Lift suspension and cool-down')).toBe(true);
    expect(within(card()).queryByText(/suspended from chat$/)).toBeNull();
    expect(apiCalls('POST', `/api/admin/reports/${report.id}/actions`).map((call) => call.body)).toEqual([
      { action: 'unhide-message' },
      { action: 'lift-fan-standing' },
    ]);
  });

  it('says when the queue is empty, and when it cannot be had', async () => {
    sessionOf({ groups: [Role.Admin] });
    server.use(http.get('/api/admin/reports', ({ response }) => response(200).json({ reports: [] })));
    renderApp('/admin/reports');
    expect(await screen.findByText(ADMIN_REPORTS_TEXT.empty)).toBeTruthy();
    cleanup();
    server.use(
      http.get('/api/admin/reports', ({ response }) =>
        response.untyped(errorResponse(503, 'SERVICE_UNAVAILABLE', 'down')),
      ),
    );
    renderApp('/admin/reports');
    expect(await screen.findByText(ADMIN_REPORTS_TEXT.loadFailed)).toBeTruthy();
  });
});

describe('/creator/safety', () => {
  const anonymised: CreatorReport = {
    id: report.id,
    creatorId: creator.id,
    messageId: report.messageId,
    reason: 'harmful',
    state: 'open',
    action: null,
    createdAt: report.createdAt,
    resolvedAt: null,
    fanLabel: 'Fan 3F9C2A',
    reply: 'Just stop eating.',
  };
  beforeEach(() => resetAppState());
  afterEach(cleanup);

  it("shows the persona's reports with an anonymous label, and pauses the persona", async () => {
    sessionOf({ userId: 'user-1', isCreator: true });
    let paused = false;
    server.use(
      http.get('/api/creator/me', ({ response }) => response(200).json({ ...creator, paused })),
      http.get('/api/creators/{creatorId}/reports', ({ response }) =>
        response(200).json({ reports: [anonymised] }),
      ),
      http.put('/api/creators/{creatorId}/pause', async ({ request, response }) => {
        paused = ((await request.json()) as { paused: boolean }).paused;
        return response(200).json({
          creatorId: creator.id,
          pausedAt: paused ? '2026-11-27T10:00:00.000Z' : null,
        });
      }),
    );
    renderApp('/creator/safety');
    const card = await screen.findByTestId('creator-report');
    expect(within(card).getByText('Fan 3F9C2A', { exact: false })).toBeTruthy();
    expect(within(card).getByText('Just stop eating.')).toBeTruthy();
    expect(screen.getByTestId('persona-state').textContent).toBe(CREATOR_SAFETY_TEXT.running);
    fireEvent.click(screen.getByRole('button', { name: 'Pause persona' }));
    expect(await screen.findByRole('button', { name: 'Resume persona' })).toBeTruthy();
    expect(screen.getByTestId('persona-state').textContent).toBe(CREATOR_SAFETY_TEXT.paused);
    expect(apiCalls('PUT', `/api/creators/${creator.id}/pause`)[0]?.body).toEqual({ paused: true });
  });

  it('says when there are no reports', async () => {
    sessionOf({ userId: 'user-1', isCreator: true });
    server.use(
      http.get('/api/creator/me', ({ response }) => response(200).json(creator)),
      http.get('/api/creators/{creatorId}/reports', ({ response }) => response(200).json({ reports: [] })),
    );
    renderApp('/creator/safety');
    expect(await screen.findByText(CREATOR_SAFETY_TEXT.empty)).toBeTruthy();
  });
});
