import { CSRF_HEADER, Role } from '@backtalk/proto/browser';
import { listCreators } from '../../api';
import { api } from '../../api/client';
import {
  apiCalls,
  errorResponse,
  fakeJwt,
  http,
  networkFailure,
  noSessionCookie,
  server,
} from '../../test/api-mock';
import { newSessionInfo, resetAppState } from '../../test/fixtures';
import { STORAGE_KEYS } from './auth-storage';
import { GUEST_REFRESH_INTERVAL_MS, reloadAfterChangeElsewhere, useSessionStore } from './session.store';
import { currentTokens, holdTokens } from './session-tokens';

const idToken = (sub: string) => fakeJwt({ sub });
const tokens = (tag: string, sub = tag, expiresIn = 3600) => ({
  idToken: idToken(sub),
  accessToken: `access-${tag}`,
  expiresIn,
});
const bearer = (path: string) => apiCalls('GET', path).map((call) => call.headers.authorization);
const expired = () => errorResponse(401, 'UNAUTHORIZED', 'expired');
const refreshed = (tag: string, sub = tag, expiresIn?: number) =>
  http.post('/api/auth/refresh', ({ response }) =>
    response(200).json({ tokens: tokens(tag, sub, expiresIn) }),
  );
const sessionInfo = (kind: 'guest' | 'authenticated', groups: string[] = []) =>
  newSessionInfo(
    kind === 'guest' ? {} : { userId: 'user-1', userType: 'authenticated', email: 'fan@example.com', groups },
  );
const sessionIs = (kind: 'guest' | 'authenticated', groups: string[] = []) =>
  http.get('/api/auth/session', ({ response }) => response(200).json(sessionInfo(kind, groups)));
/** The session route answering by bearer token. */
const sessionsByToken = (byToken: Record<string, 'guest' | 'authenticated'>) =>
  http.get('/api/auth/session', ({ request, response }) => {
    const kind = byToken[(request.headers.get('Authorization') ?? '').replace('Bearer ', '')];
    return kind ? response(200).json(sessionInfo(kind)) : response.untyped(expired());
  });
const guestCreated = () =>
  http.post('/api/auth/guest', ({ response }) =>
    response(201).json({
      userId: 'fan-1',
      tokens: tokens('guest', 'fan-1'),
    }),
  );

describe('session store', () => {
  beforeEach(() => {
    resetAppState();
    // A returning visitor: this browser was handed a session before, so its refresh cookie may be there.
    localStorage.setItem(STORAGE_KEYS.mayHaveSession, 'true');
    server.use(guestCreated(), sessionIs('guest'));
  });

  afterEach(() => jest.useRealTimers());

  it('asks the refresh cookie first: no body, the CSRF header, and nothing in storage', async () => {
    server.use(refreshed('u', 'user-1'), sessionIs('authenticated'));
    await useSessionStore.getState().bootstrap();

    const [call] = apiCalls('POST', '/api/auth/refresh');
    expect(call.body).toBeUndefined();
    expect(call.headers[CSRF_HEADER.toLowerCase()]).toBe('1');
    expect(call.headers.authorization).toBeUndefined();
    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(0);
    expect(bearer('/api/auth/session')).toEqual(['Bearer access-u']);
    expect(useSessionStore.getState()).toMatchObject({
      status: 'authenticated',
      user: { email: 'fan@example.com' },
    });
    // No token of any kind reaches browser storage.
    const stored = JSON.stringify({ ...localStorage, ...sessionStorage });
    expect(stored).not.toContain('access-u');
    expect(Object.keys(localStorage)).not.toContain('backtalk.auth');
  });

  it('creates a guest when the cookie has no session, keeping its tokens in memory only', async () => {
    server.use(noSessionCookie());
    expect(useSessionStore.getState().status).toBe('loading');
    await useSessionStore.getState().bootstrap();

    expect(apiCalls().map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/auth/refresh',
      'POST /api/auth/guest',
      'GET /api/auth/session',
    ]);
    expect(bearer('/api/auth/session')).toEqual(['Bearer access-guest']);
    expect(useSessionStore.getState()).toMatchObject({
      status: 'guest',
      user: { userId: 'fan-1', isAdmin: false },
    });
    expect(localStorage.getItem(STORAGE_KEYS.isGuestUser)).toBe('true');
    expect(currentTokens()).toEqual(expect.objectContaining({ accessToken: 'access-guest' }));
    expect(JSON.stringify(currentTokens())).not.toContain('r-in-body');
    expect(JSON.stringify({ ...localStorage })).not.toContain('access-guest');
  });

  it('a 401 from the cookie ends the marker: the next start asks no refresh', async () => {
    window.history.replaceState(null, '', '/sign-in');
    server.use(noSessionCookie());
    await useSessionStore.getState().bootstrap();
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.mayHaveSession)).toBe('false');
    await useSessionStore.getState().bootstrap();
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(useSessionStore.getState().status).toBe('anonymous');
  });

  it('a new visitor (never handed a session) asks no refresh: a guest at once, and the marker is set', async () => {
    localStorage.clear();
    server.use(noSessionCookie());
    await useSessionStore.getState().bootstrap();
    expect(apiCalls().map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/auth/guest',
      'GET /api/auth/session',
    ]);
    expect(useSessionStore.getState()).toMatchObject({ status: 'guest', user: { userId: 'fan-1' } });
    expect(localStorage.getItem(STORAGE_KEYS.mayHaveSession)).toBe('true');
  });

  it('a new visitor on the sign-in page asks nothing and stays anonymous', async () => {
    localStorage.clear();
    window.history.replaceState(null, '', '/sign-in');
    await useSessionStore.getState().bootstrap();
    expect(apiCalls()).toHaveLength(0);
    expect(useSessionStore.getState()).toMatchObject({ status: 'anonymous', user: null });
  });

  it('a browser from before the marker (a guest, whose chats live in its session) still asks the cookie', async () => {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.isGuestUser, 'true');
    server.use(refreshed('guest', 'fan-1'));
    await useSessionStore.getState().bootstrap();
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(0);
    expect(useSessionStore.getState()).toMatchObject({ status: 'guest', user: { userId: 'fan-1' } });
    expect(localStorage.getItem(STORAGE_KEYS.mayHaveSession)).toBe('true');
  });

  it('creates no guest on the sign-in page: the status is anonymous', async () => {
    window.history.replaceState(null, '', '/sign-in');
    server.use(noSessionCookie());
    await useSessionStore.getState().bootstrap();
    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(0);
    expect(useSessionStore.getState()).toMatchObject({ status: 'anonymous', user: null });
  });

  it("keeps a guest's session on the sign-in page (its token goes with sign-up)", async () => {
    window.history.replaceState(null, '', '/sign-in');
    server.use(refreshed('guest', 'fan-1'));
    await useSessionStore.getState().bootstrap();
    expect(useSessionStore.getState().status).toBe('guest');
    expect(currentTokens()?.accessToken).toBe('access-guest');
  });

  it('recognises admins and clears the guest flag of a signed-in user', async () => {
    localStorage.setItem(STORAGE_KEYS.isGuestUser, 'true');
    server.use(refreshed('u', 'user-1'), sessionIs('authenticated', [Role.Admin]));
    await useSessionStore.getState().bootstrap();
    expect(useSessionStore.getState()).toMatchObject({
      status: 'authenticated',
      user: { email: 'fan@example.com', isAdmin: true },
    });
    expect(localStorage.getItem(STORAGE_KEYS.isGuestUser)).toBeNull();
  });

  it('a session whose login id equals its username is a guest: the server says so, the store follows', async () => {
    server.use(refreshed('g', 'fan-1'), sessionIs('guest'));
    await useSessionStore.getState().bootstrap();
    expect(useSessionStore.getState().status).toBe('guest');
    expect(localStorage.getItem(STORAGE_KEYS.isGuestUser)).toBe('true');
  });

  it('sets guest when the current user cannot be loaded', async () => {
    server.use(
      refreshed('u'),
      http.get('/api/auth/session', ({ response }) =>
        response.untyped(errorResponse(500, 'INTERNAL', 'boom')),
      ),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await useSessionStore.getState().bootstrap();
    expect(useSessionStore.getState()).toMatchObject({ status: 'guest', user: null });
  });

  it('sets guest when the server cannot be reached at start', async () => {
    server.use(http.post('/api/auth/refresh', ({ response }) => response.untyped(networkFailure())));
    await useSessionStore.getState().bootstrap();
    expect(useSessionStore.getState()).toMatchObject({ status: 'guest', user: null });
    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(0);
  });

  it('retries the refresh on 503 with growing delays, at most 3 times', async () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('/api/auth/refresh', ({ response }) =>
        response.untyped(errorResponse(503, 'UNAVAILABLE', 'down')),
      ),
    );
    const done = useSessionStore.getState().bootstrap();
    await jest.advanceTimersByTimeAsync(0);
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(2000);
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(3999);
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(8000);
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(4);
    await jest.advanceTimersByTimeAsync(60_000);
    await done;
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(4);
  });

  it('refreshes once on a 401 and retries with the new access token', async () => {
    holdTokens({ idToken: idToken('user-1'), accessToken: 'access-old' });
    server.use(sessionsByToken({ 'access-new': 'authenticated' }), refreshed('new', 'user-1'));

    await useSessionStore.getState().bootstrap();

    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(bearer('/api/auth/session')).toEqual(['Bearer access-old', 'Bearer access-new']);
    expect(currentTokens()?.accessToken).toBe('access-new');
    expect(useSessionStore.getState().status).toBe('authenticated');
  });

  it('does not retry a wrong password with a renewed token (it would count as a second failure)', async () => {
    holdTokens({ idToken: idToken('fan-1'), accessToken: 'access-guest' });
    server.use(
      http.post('/api/auth/sign-in', ({ response }) =>
        response.untyped(errorResponse(401, 'AUTH_INVALID_CREDENTIALS', 'Incorrect username or password.')),
      ),
      refreshed('new', 'fan-1'),
    );
    await expect(
      api.POST('/api/auth/sign-in', { body: { email: 'a@b.co', password: 'x' } }),
    ).rejects.toMatchObject({
      message: 'Incorrect username or password.',
    });
    expect(apiCalls('POST', '/api/auth/sign-in')).toHaveLength(1);
    expect(apiCalls('POST', '/api/auth/sign-in')[0].headers.authorization).toBe('Bearer access-guest');
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(0);
  });

  it('shares one refresh between concurrent 401s', async () => {
    holdTokens({ idToken: idToken('user-1'), accessToken: 'access-old' });
    useSessionStore.setState({
      status: 'authenticated',
      user: { ...sessionInfo('authenticated'), isAdmin: false },
    });
    server.use(
      http.get('/api/creators', ({ request, response }) =>
        request.headers.get('Authorization') === 'Bearer access-new'
          ? response(200).json({ creators: [] })
          : response.untyped(expired()),
      ),
      refreshed('new', 'user-1'),
    );

    await Promise.all([listCreators(), listCreators(), listCreators()]);

    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(bearer('/api/creators').filter((h) => h === 'Bearer access-new')).toHaveLength(3);
    // The same user: no reload of the session.
    expect(apiCalls('GET', '/api/auth/session')).toHaveLength(0);
  });

  it('refreshes an access token that is about to expire before using it', async () => {
    const expiring = fakeJwt({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + 2 });
    holdTokens({ idToken: idToken('user-1'), accessToken: expiring });
    server.use(refreshed('new', 'user-1'), sessionIs('authenticated'));

    await useSessionStore.getState().bootstrap();

    expect(apiCalls().map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/auth/refresh',
      'GET /api/auth/session',
    ]);
    expect(bearer('/api/auth/session')).toEqual(['Bearer access-new']);
  });

  it('signs out and starts a new guest when the refresh is refused', async () => {
    holdTokens({ idToken: idToken('user-1'), accessToken: 'access-old' });
    useSessionStore.setState({
      status: 'authenticated',
      user: { ...sessionInfo('authenticated'), isAdmin: false },
    });
    server.use(
      sessionsByToken({ 'access-guest': 'guest' }),
      http.post('/api/auth/refresh', ({ response }) =>
        response.untyped(errorResponse(401, 'TOKEN_REUSED', 'reused')),
      ),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    await expect(useSessionStore.getState().refresh('access-old')).resolves.toBeNull();
    await waitForStatus('guest');

    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(1);
    expect(currentTokens()?.accessToken).toBe('access-guest');
    expect(useSessionStore.getState().user).toMatchObject({ userId: 'fan-1' });
  });

  it('ignores a refresh that fails on the network: the tokens are kept', async () => {
    holdTokens({ idToken: idToken('user-1'), accessToken: 'access-old' });
    useSessionStore.setState({
      status: 'authenticated',
      user: { ...sessionInfo('authenticated'), isAdmin: false },
    });
    server.use(http.post('/api/auth/refresh', ({ response }) => response.untyped(networkFailure())));

    await expect(useSessionStore.getState().refresh('access-old')).resolves.toBeNull();

    expect(currentTokens()?.accessToken).toBe('access-old');
    expect(useSessionStore.getState().status).toBe('authenticated');
    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(0);
  });

  it('refreshes guest credentials every 3000000 ms', async () => {
    jest.useFakeTimers();
    server.use(
      noSessionCookie(),
      http.post('/api/auth/guest', ({ response }) =>
        response(201).json({
          userId: 'fan-1',
          tokens: tokens('guest', 'fan-1', 24 * 3600),
        }),
      ),
    );
    await useSessionStore.getState().bootstrap();
    expect(useSessionStore.getState().status).toBe('guest');
    server.use(refreshed('rotated', 'fan-1', 24 * 3600));

    const refreshesBefore = apiCalls('POST', '/api/auth/refresh').length;
    await jest.advanceTimersByTimeAsync(GUEST_REFRESH_INTERVAL_MS - 1);
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(refreshesBefore);
    await jest.advanceTimersByTimeAsync(1);
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(refreshesBefore + 1);
    expect(currentTokens()?.accessToken).toBe('access-rotated');
  });

  it('picks up a session the cookie now holds for another user (OAuth return) on refresh()', async () => {
    window.history.replaceState(null, '', '/sign-in');
    useSessionStore.setState({ status: 'anonymous', user: null });
    server.use(refreshed('oauth', 'user-1'), sessionIs('authenticated'));

    await expect(useSessionStore.getState().refresh()).resolves.toBe('access-oauth');

    expect(useSessionStore.getState()).toMatchObject({
      status: 'authenticated',
      user: { email: 'fan@example.com' },
    });
  });

  it('signedIn() adopts the tokens of a finished flow and loads the user', async () => {
    holdTokens({ idToken: idToken('fan-1'), accessToken: 'access-guest' });
    useSessionStore.setState({ status: 'guest', user: { ...sessionInfo('guest'), isAdmin: false } });
    server.use(sessionsByToken({ 'access-u': 'authenticated' }));

    await useSessionStore
      .getState()
      .signedIn({ accessToken: 'access-u', idToken: idToken('user-1'), expiresIn: 900 });

    expect(bearer('/api/auth/session')).toEqual(['Bearer access-u']);
    expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', user: { userId: 'user-1' } });
    expect(currentTokens()?.accessToken).toBe('access-u');
    expect(localStorage.getItem(STORAGE_KEYS.isGuestUser)).toBeNull();
  });

  it('signs an authenticated user out by the cookie, to a new guest, and hands on the end-session URL', async () => {
    holdTokens({ idToken: idToken('user-1'), accessToken: 'access-u' });
    useSessionStore.setState({
      status: 'authenticated',
      user: { ...sessionInfo('authenticated'), isAdmin: false },
    });
    server.use(
      sessionsByToken({ 'access-guest': 'guest' }),
      http.post('/api/auth/sign-out', ({ response }) =>
        response(200).json({ endSessionUrl: 'https://idp.example/logout' }),
      ),
      noSessionCookie(),
    );

    await expect(useSessionStore.getState().signOut()).resolves.toEqual({
      endSessionUrl: 'https://idp.example/logout',
    });

    const [call] = apiCalls('POST', '/api/auth/sign-out');
    expect(call.body).toBeUndefined();
    expect(call.headers[CSRF_HEADER.toLowerCase()]).toBe('1');
    expect(useSessionStore.getState()).toMatchObject({ status: 'guest', user: { userId: 'fan-1' } });
    expect(currentTokens()?.accessToken).toBe('access-guest');
  });

  it('rejects sign-out when the server does not answer 200, and stays signed in', async () => {
    holdTokens({ idToken: idToken('user-1'), accessToken: 'access-u' });
    useSessionStore.setState({
      status: 'authenticated',
      user: { ...sessionInfo('authenticated'), isAdmin: false },
    });
    server.use(
      http.post('/api/auth/sign-out', ({ response }) =>
        response.untyped(errorResponse(503, 'UNAVAILABLE', 'down')),
      ),
    );

    await expect(useSessionStore.getState().signOut()).rejects.toMatchObject({ status: 503 });
    expect(useSessionStore.getState().status).toBe('authenticated');
    expect(currentTokens()?.accessToken).toBe('access-u');
  });

  it("follows another tab's sign-in: forgets its tokens and reloads from the cookie", async () => {
    holdTokens({ idToken: idToken('fan-1'), accessToken: 'access-guest' });
    useSessionStore.setState({ status: 'guest', user: { ...sessionInfo('guest'), isAdmin: false } });
    server.use(refreshed('u', 'user-1'), sessionIs('authenticated'));

    reloadAfterChangeElsewhere('user-1');
    await waitForStatus('authenticated');
    expect(currentTokens()?.accessToken).toBe('access-u');

    // The same user announced again: nothing to do.
    reloadAfterChangeElsewhere('user-1');
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('announces sign-in to the other tabs on the session channel', async () => {
    const other = new BroadcastChannel('backtalk-session');
    const received = new Promise<unknown>((resolve) =>
      other.addEventListener('message', (e) => resolve(e.data)),
    );
    server.use(sessionsByToken({ 'access-u': 'authenticated' }));
    await useSessionStore
      .getState()
      .signedIn({ accessToken: 'access-u', idToken: idToken('user-1'), expiresIn: 900 });
    await expect(received).resolves.toEqual({ type: 'session-changed', userId: 'user-1' });
    other.close();
  });
});

async function waitForStatus(status: string): Promise<void> {
  for (let i = 0; i < 50 && useSessionStore.getState().status !== status; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  expect(useSessionStore.getState().status).toBe(status);
}
