import { Role } from '@backtalk/proto/browser';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { FeatureFlag } from '../../api';
import { apiCalls, errorResponse, http, server } from '../../test/api-mock';
import { resetAppState, signInAs, WithProviders } from '../../test/fixtures';
import { FeatureFlagsPage } from './FeatureFlagsPage';

const bypass: FeatureFlag = {
  id: '4f1c2e0a-5d4b-4c3a-9e8f-1a2b3c4d5e6f',
  name: 'bypassSubscriptions',
  description: 'Makes everyone premium and skips rate-limit checks (development only).',
  enabled: false,
  environment: 'development',
  lastUpdatedBy: null,
  updatedAt: '2026-11-23T09:00:00.000Z',
};

function answer({
  environment = 'development',
  flags = [bypass],
}: { environment?: 'development' | 'production'; flags?: FeatureFlag[] } = {}) {
  server.use(
    http.get('/api/environment', ({ response }) => response(200).json({ environment, developerPages: true })),
    http.get('/api/feature-flags', ({ response }) => response(200).json({ environment, flags })),
  );
}

function renderPage() {
  render(
    <WithProviders>
      <MemoryRouter initialEntries={['/dev/feature-flags']}>
        <FeatureFlagsPage />
      </MemoryRouter>
    </WithProviders>,
  );
}
const toggle = (name: string) => screen.findByRole('switch', { name });

describe('/dev/feature-flags (spec §4, §8, §9)', () => {
  beforeEach(() => {
    resetAppState();
    signInAs({ userType: 'authenticated', email: 'ops@example.com', groups: [Role.Admin] });
  });
  afterEach(cleanup);

  it('lists every flag with a toggle, and turns one on at once', async () => {
    answer();
    server.use(
      http.patch('/api/feature-flags/{id}', async ({ request, response }) =>
        response(200).json({
          ...bypass,
          ...((await request.json()) as { enabled: boolean }),
          lastUpdatedBy: 'other-admin',
        }),
      ),
    );
    renderPage();
    const flag = (await toggle('bypassSubscriptions')) as HTMLInputElement;
    expect(flag.checked).toBe(false);
    expect(screen.getByText('Environment:').textContent).toContain('Development');
    fireEvent.click(flag);
    await waitFor(() => expect(flag.checked).toBe(true));
    await waitFor(() => expect(apiCalls('PATCH', `/api/feature-flags/${bypass.id}`)).toHaveLength(1));
    expect(await screen.findByText(/by other-admin/)).toBeTruthy();
    expect(flag.checked).toBe(true);
  });

  it("reverts a toggle the server refuses, with 'Failed to update feature flag. Please try again.'", async () => {
    answer();
    server.use(
      http.patch('/api/feature-flags/{id}', ({ response }) =>
        response.untyped(errorResponse(403, 'FORBIDDEN', 'Only admins can change feature flags')),
      ),
    );
    renderPage();
    const flag = (await toggle('bypassSubscriptions')) as HTMLInputElement;
    fireEvent.click(flag);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to update feature flag. Please try again.',
    );
    await waitFor(() => expect(flag.checked).toBe(false));
  });

  it("says 'Failed to load feature flags. Please try again.' and tries again on request", async () => {
    server.use(
      http.get('/api/environment', ({ response }) =>
        response(200).json({ environment: 'development', developerPages: true }),
      ),
      http.get('/api/feature-flags', ({ response }) =>
        response.untyped(errorResponse(503, 'SERVICE_UNAVAILABLE', 'down')),
      ),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load feature flags. Please try again.')).toBeTruthy();
    answer();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await toggle('bypassSubscriptions')).toBeTruthy();
  });

  it("names the signed-in admin's own last change 'you'", async () => {
    const me = signInAs({ userType: 'authenticated', email: 'ops@example.com', groups: [Role.Admin] });
    answer({ flags: [{ ...bypass, lastUpdatedBy: me.userId }] });
    renderPage();
    expect(await screen.findByText(/by you$/)).toBeTruthy();
  });

  it('shows an empty list as such', async () => {
    answer({ flags: [] });
    renderPage();
    expect(await screen.findByText('No feature flags yet.')).toBeTruthy();
  });

  it('creates a flag, checking the name first, and says when creating fails', async () => {
    answer();
    let created = 0;
    server.use(
      http.post('/api/feature-flags', async ({ request, response }) => {
        const body = (await request.json()) as { name: string };
        if (body.name === 'taken')
          return response.untyped(
            errorResponse(409, 'FLAG_EXISTS', 'A feature flag with this name already exists.'),
          );
        created += 1;
        return response(201).json({ ...bypass, id: crypto.randomUUID(), name: body.name });
      }),
    );
    renderPage();
    await toggle('bypassSubscriptions');
    const name = screen.getByLabelText('Name');
    fireEvent.change(name, { target: { value: '9lives' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create flag' }));
    expect(await screen.findByText('Start with a letter; use letters, digits, _ and - only.')).toBeTruthy();
    expect(created).toBe(0);
    fireEvent.change(name, { target: { value: 'taken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create flag' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to create feature flag. Please try again.',
    );
    fireEvent.change(name, { target: { value: 'newCheckout' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create flag' }));
    await waitFor(() => expect(created).toBe(1));
  });

  it('lets a user who is not an admin look, without toggles that work', async () => {
    signInAs({ userType: 'authenticated', email: 'fan@example.com', groups: [] });
    answer();
    renderPage();
    expect(((await toggle('bypassSubscriptions')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Create flag' })).toBeNull();
  });

  it("outside development says 'Feature flag administration is only available in development environments.' with the environment Production", async () => {
    answer({ environment: 'production' });
    renderPage();
    expect(
      (
        await screen.findByText('Feature flag administration is only available in development environments.')
      ).getAttribute('role'),
    ).toBe('status');
    expect(screen.getByText('Environment:').textContent).toContain('Production');
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
