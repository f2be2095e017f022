import { Role } from '@backtalk/proto/browser';
import { listCreators } from '../../api';
import { apiCalls, errorResponse, fakeJwt, http, networkFailure, server } from '../../test/api-mock';
import { newSessionInfo, resetAppState } from '../../test/fixtures';
import { STORAGE_KEYS, readTokens } from './auth-storage';
import { GUEST_REFRESH_INTERVAL_MS, useSessionStore } from './session.store';

const tokens = (tag: string, expiresIn = 3600) => ({
  idToken: `id-${tag}`,
  accessToken: `access-${tag}`,
  refreshToken: `refresh-${tag}`,
  expiresIn,
});
const store = (value: object) => localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify(value));
const bearer = (path: string) => apiCalls('GET', path).map((call) => call.headers.authorization);
const expired = () => errorResponse(401, 'UNAUTHORIZED', 'expired');
const refreshed = (tag: string, expiresIn?: number) =>
  http.post('/api/auth/refresh', ({ response }) => response(200).json({ tokens: tokens(tag, expiresIn) }));
const sessionInfo = (kind: 'guest' | 'authenticated', groups: string[] = []) =>
  newSessionInfo(
    kind === 'guest' ? {} : { userId: 'user-1', userType: 'authenticated', email: 'fan@example.com', groups },
  );
const sessionIs = (kind: 'guest' | 'authenticated', groups: string[] = []) =>
  http.get('/api/auth/session', ({ response }) => response(200).json(sessionInfo(kind, groups)));

describe('session store', () => {
  beforeEach(() => {
    resetAppState();
    server.use(
      http.post('/api/auth/guest', ({ response }) =>
        response(201).json({ userId: 'guest-1', tokens: tokens('guest') }),
      ),
      sessionIs('guest'),
    );
  });

  afterEach(() => jest.useRealTimers());

  it('starts loading, then creates a guest when nothing is stored', async () => {
    expect(useSessionStore.getState().status).toBe('loading');
    await useSessionStore.getState().bootstrap();

    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(1);
    expect(bearer('/api/auth/session')).toEqual(['Bearer access-guest']);
    expect(useSessionStore.getState()).toMatchObject({
      status: 'guest',
      user: { userId: 'fan-1', isAdmin: false },
    });
    expect(localStorage.getItem(STORAGE_KEYS.isGuestUser)).toBe('true');
  });

  it('creates no guest on the sign-in page', async () => {
    window.history.replaceState(null, '', '/sign-in');
    await useSessionStore.getState().bootstrap();
    expect(apiCalls()).toHaveLength(0);
    expect(useSessionStore.getState()).toMatchObject({ status: 'anonymous', user: null });
  });

  it('loads a signed-in user from stored tokens and recognises admins', async () => {
    store({ idToken: 'id-u', accessToken: 'access-u', refreshToken: 'refresh-u' });
    localStorage.setItem(STORAGE_KEYS.isGuestUser, 'true');
    server.use(sessionIs('authenticated', [Role.Admin]));

    await useSessionStore.getState().bootstrap();

    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(0);
    expect(bearer('/api/auth/session')).toEqual(['Bearer access-u']);
    expect(useSessionStore.getState()).toMatchObject({
      status: 'authenticated',
      user: { email: 'fan@example.com', isAdmin: true },
    });
    expect(localStorage.getItem(STORAGE_KEYS.isGuestUser)).toBeNull();
  });

  it('sets guest when the current user cannot be loaded', async () => {
    store({ idToken: 'id-u', accessToken: 'access-u', refreshToken: 'refresh-u' });
    server.use(
      http.get('/api/auth/session', ({ response }) =>
        response.untyped(errorResponse(500, 'INTERNAL', 'boom')),
      ),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await useSessionStore.getState().bootstrap();
    expect(useSessionStore.getState()).toMatchObject({ status: 'guest', user: null });
  });

  it('refreshes once on a 401 and retries with the new access token', async () => {
    store({ idToken: 'id-old', accessToken: 'access-old', refreshToken: 'refresh-old' });
    server.use(
      http.get('/api/auth/session', ({ request, response }) =>
        request.headers.get('Authorization') === 'Bearer access-new'
          ? response(200).json(sessionInfo('authenticated'))
          : response.untyped(expired()),
      ),
      refreshed('new'),
    );

    await useSessionStore.getState().bootstrap();

    expect(apiCalls('POST', '/api/auth/refresh').map((call) => call.body)).toEqual([
      { refreshToken: 'refresh-old' },
    ]);
    expect(bearer('/api/auth/session')).toEqual(['Bearer access-old', 'Bearer access-new']);
    expect(readTokens()).toMatchObject({ accessToken: 'access-new', refreshToken: 'refresh-new' });
    expect(useSessionStore.getState().status).toBe('authenticated');
  });

  it('shares one refresh between concurrent 401s (refresh tokens are single-use)', async () => {
    store({ idToken: 'id-old', accessToken: 'access-old', refreshToken: 'refresh-old' });
    useSessionStore.setState({ status: 'authenticated' });
    server.use(
      http.get('/api/creators', ({ request, response }) =>
        request.headers.get('Authorization') === 'Bearer access-new'
          ? response(200).json({ creators: [] })
          : response.untyped(expired()),
      ),
      refreshed('new'),
    );

    await Promise.all([listCreators(), listCreators(), listCreators()]);

    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(bearer('/api/creators').filter((h) => h === 'Bearer access-new')).toHaveLength(3);
  });

  it('refreshes an access token that is about to expire before using it', async () => {
    const expiredJwt = fakeJwt({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + 2 });
    store({ idToken: 'id-old', accessToken: expiredJwt, refreshToken: 'refresh-old' });
    server.use(refreshed('new'), sessionIs('authenticated'));

    await useSessionStore.getState().bootstrap();

    expect(apiCalls().map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/auth/refresh',
      'GET /api/auth/session',
    ]);
    expect(bearer('/api/auth/session')).toEqual(['Bearer access-new']);
  });

  it('signs out and starts a new guest when the refresh is refused', async () => {
    store({ idToken: 'id-old', accessToken: 'access-old', refreshToken: 'refresh-reused' });
    server.use(
      http.get('/api/auth/session', ({ request, response }) =>
        request.headers.get('Authorization') === 'Bearer access-guest'
          ? response(200).json(sessionInfo('guest'))
          : response.untyped(expired()),
      ),
      http.post('/api/auth/refresh', ({ response }) =>
        response.untyped(errorResponse(401, 'REFRESH_TOKEN_REUSED', 'reused')),
      ),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    await useSessionStore.getState().bootstrap();
    await waitForStatus('guest');

    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(1);
    expect(readTokens()).toMatchObject({ accessToken: 'access-guest' });
    expect(useSessionStore.getState().user).toMatchObject({ userId: 'fan-1' });
  });

  it('ignores a refresh that fails on the network: the tokens are kept', async () => {
    store({ idToken: 'id-old', accessToken: 'access-old', refreshToken: 'refresh-old' });
    server.use(
      http.get('/api/auth/session', ({ response }) => response.untyped(expired())),
      http.post('/api/auth/refresh', ({ response }) => response.untyped(networkFailure())),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    await useSessionStore.getState().bootstrap();

    expect(readTokens()).toMatchObject({ accessToken: 'access-old', refreshToken: 'refresh-old' });
    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(0);
  });

  it('refreshes guest credentials every 3000000 ms', async () => {
    jest.useFakeTimers();
    server.use(
      http.post('/api/auth/guest', ({ response }) =>
        response(201).json({ userId: 'guest-1', tokens: tokens('guest', 24 * 3600) }),
      ),
      refreshed('rotated', 24 * 3600),
    );
    await useSessionStore.getState().bootstrap();
    expect(useSessionStore.getState().status).toBe('guest');

    await jest.advanceTimersByTimeAsync(GUEST_REFRESH_INTERVAL_MS - 1);
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(readTokens()).toMatchObject({ accessToken: 'access-rotated' });
  });

  it('signs an authenticated user out to a new guest, revoking the refresh token', async () => {
    store({ idToken: 'id-u', accessToken: 'access-u', refreshToken: 'refresh-u' });
    server.use(
      http.get('/api/auth/session', ({ request, response }) =>
        response(200).json(
          sessionInfo(request.headers.get('Authorization') === 'Bearer access-u' ? 'authenticated' : 'guest'),
        ),
      ),
      http.post('/api/auth/sign-out', ({ response }) => response(200).json({ endSessionUrl: null })),
    );
    await useSessionStore.getState().bootstrap();
    expect(useSessionStore.getState().status).toBe('authenticated');

    await useSessionStore.getState().signOut();
    await waitForStatus('guest');

    expect(apiCalls('POST', '/api/auth/sign-out').map((call) => call.body)).toEqual([
      { refreshToken: 'refresh-u' },
    ]);
    expect(readTokens()).toMatchObject({ accessToken: 'access-guest' });
  });
});

async function waitForStatus(status: string): Promise<void> {
  for (let i = 0; i < 50 && useSessionStore.getState().status !== status; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  expect(useSessionStore.getState().status).toBe(status);
}
