import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { CREATOR_INIT_STATUSES } from '@backtalk/proto/browser';
import type { CreatorInitStatus } from '../../api';
import { apiCalls, eventStream, http, server, type StreamController } from '../../test/api-mock';
import { newCreator, newSessionInfo, resetAppState, signInAs } from '../../test/fixtures';
import { LocationProbe } from '../../test/LocationProbe';
import { appRoutes, mergeSections } from '../shell/routes';
import { creatorRoutes } from './creator.routes';

const routes = mergeSections(creatorRoutes, { public: [] });

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

const status = (step: number, overrides: Partial<CreatorInitStatus> = {}): CreatorInitStatus => ({
  creatorId: '00000000-0000-4000-8000-000000000001',
  runId: '00000000-0000-4000-8000-000000000002',
  step,
  status: CREATOR_INIT_STATUSES[step]!,
  state: 'running',
  error: null,
  initComplete: false,
  updatedAt: new Date().toISOString(),
  ...overrides,
});

const barValue = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));

describe('creator-initialisation screen', () => {
  let streams: StreamController[];

  beforeEach(() => {
    resetAppState();
    streams = [];
    const info = newSessionInfo({
      userId: 'user-1',
      userType: 'authenticated',
      email: 'u@example.com',
      isCreator: true,
    });
    signInAs(info);
    server.use(
      http.get('/api/auth/session', ({ response }) => response(200).json(info)),
      http.get('/api/creator/me', ({ response }) =>
        response(200).json(newCreator({ userId: 'user-1', initComplete: false })),
      ),
      http.post('/api/creator/init', ({ response }) => response(200).json(status(0))),
      http.get('/api/creator/init/events', ({ response }) => {
        const stream = eventStream();
        streams.push(stream);
        return response.untyped(stream.response);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
  });

  it('starts the run and shows each status live with the bar at step / 13 from 6%', async () => {
    renderApp('/creator');
    await screen.findByRole('heading', { name: 'Setting up your AI chat' });
    expect(apiCalls('POST', '/api/creator/init')).toHaveLength(1);
    expect(screen.getByTestId('init-status').textContent).toBe('Starting creator onboarding...');
    expect(barValue()).toBe(6);
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => streams[0]!.event('status', status(5)));
    await waitFor(() =>
      expect(screen.getByTestId('init-status').textContent).toBe('Processing video data...'),
    );
    expect(barValue()).toBe(Math.round((5 / 13) * 100));
    for (const text of CREATOR_INIT_STATUSES) expect(screen.getByText(text, { selector: 'li' })).toBeTruthy();
  });

  it('creeps 0.005 per second after 3 s without a change, never past the next step', async () => {
    renderApp('/creator');
    await waitFor(() => expect(streams).toHaveLength(1));
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    act(() => streams[0]!.event('status', status(2)));
    await waitFor(() => expect(barValue()).toBe(Math.round((2 / 13) * 100)));
    const start = (2 / 13) * 100;
    act(() => jest.advanceTimersByTime(2000));
    expect(barValue()).toBe(Math.round(start));
    act(() => jest.advanceTimersByTime(6000));
    expect(barValue()).toBeGreaterThan(Math.round(start));
    expect(barValue()).toBeLessThanOrEqual(Math.round(start + 0.5 * 6));
    act(() => jest.advanceTimersByTime(600_000));
    expect(barValue()).toBe(Math.round((3 / 13) * 100 - 0.1));
  });

  it('shows a failed step with its error, and Retry starts again', async () => {
    renderApp('/creator');
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => {
      streams[0]!.event(
        'status',
        status(1, { state: 'failed', error: 'We could not find the TikTok profile @maya.' }),
      );
      streams[0]!.close();
    });
    await screen.findByText('We could not find the TikTok profile @maya.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(apiCalls('POST', '/api/creator/init')).toHaveLength(2));
    await waitFor(() => expect(streams).toHaveLength(2));
  });

  it('keeps the screen to the end when the creator is refetched complete meanwhile', async () => {
    server.use(
      http.get('/api/creator/me', ({ response }) =>
        response(200).json(
          newCreator({ userId: 'user-1', initComplete: apiCalls('GET', '/api/creator/me').length > 1 }),
        ),
      ),
    );
    renderApp('/creator');
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => {
      streams[0]!.event('status', status(12, { state: 'completed', initComplete: true }));
      streams[0]!.close();
    });
    // The screen refreshes the creator as it finishes: the answer is complete now.
    await waitFor(() => expect(apiCalls('GET', '/api/creator/me').length).toBeGreaterThan(1));
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Welcome, Creator!' })).toBeNull();
  });

  it('shows the last status and stays in the test environment', async () => {
    renderApp('/creator');
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => {
      streams[0]!.event('status', status(12, { state: 'completed', initComplete: true }));
      streams[0]!.close();
    });
    await waitFor(() => expect(barValue()).toBe(100));
    expect(screen.getByTestId('location').textContent).toBe('/creator');
  });
});
