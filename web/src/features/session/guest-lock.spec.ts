import { apiCalls, errorResponse, fakeJwt, http, noSessionCookie, server } from '../../test/api-mock';
import { resetAppState } from '../../test/fixtures';
import { STORAGE_KEYS } from './auth-storage';
import { GUEST_CREATION_LOCK_MS, ensureGuestTokens } from './guest-lock';
import { currentTokens, holdTokens } from './session-tokens';

const guestReply = (n: number) => ({
  userId: `guest-${n}`,
  tokens: {
    idToken: fakeJwt({ sub: `guest-${n}` }),
    accessToken: `access-${n}`,
    expiresIn: 3600,
  },
});

/** The guest another tab created, as the shared refresh cookie hands it over. */
const otherTabsGuest = () =>
  http.post('/api/auth/refresh', ({ response }) =>
    response(200).json({
      tokens: { idToken: fakeJwt({ sub: 'guest-other' }), accessToken: 'access-other', expiresIn: 3600 },
    }),
  );

describe('ensureGuestTokens (guest creation lock)', () => {
  let created: number;

  beforeEach(() => {
    resetAppState();
    jest.useFakeTimers();
    created = 0;
    server.use(
      http.post('/api/auth/guest', ({ response }) => {
        created += 1;
        return response(201).json(guestReply(created));
      }),
    );
  });

  afterEach(() => jest.useRealTimers());

  it('creates one guest for concurrent callers and holds its tokens in memory, not storage', async () => {
    const results = await Promise.all([ensureGuestTokens(), ensureGuestTokens(), ensureGuestTokens()]);

    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(1);
    expect(apiCalls()[0].body).toEqual({ creatorId: 'default' });
    expect(results.map((tokens) => tokens.accessToken)).toEqual(['access-1', 'access-1', 'access-1']);
    expect(currentTokens()).toMatchObject({ accessToken: 'access-1' });
    // The refresh token of the body is dropped: the cookie carries it.
    expect(JSON.stringify(currentTokens())).not.toContain('refresh-1');
    expect(JSON.stringify({ ...localStorage })).not.toContain('access-1');
    expect(localStorage.getItem(STORAGE_KEYS.isGuestUser)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.guestCreationInProgress)).toBeNull();
  });

  it('creates nothing when tokens are already held', async () => {
    holdTokens({ idToken: 'id-held', accessToken: 'access-held' });
    await expect(ensureGuestTokens()).resolves.toMatchObject({ accessToken: 'access-held' });
    expect(apiCalls()).toHaveLength(0);
  });

  it('sets the in-progress timestamp while creating', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('/api/auth/guest', async ({ response }) => {
        await released;
        return response(201).json(guestReply(9));
      }),
    );
    const pending = ensureGuestTokens();
    await jest.advanceTimersByTimeAsync(0);
    expect(Number(localStorage.getItem(STORAGE_KEYS.guestCreationInProgress))).toBe(Date.now());
    release();
    await pending;
    expect(localStorage.getItem(STORAGE_KEYS.guestCreationInProgress)).toBeNull();
  });

  it("waits for another tab's creation, polling every 100 ms, then takes its guest from the cookie", async () => {
    localStorage.setItem(STORAGE_KEYS.guestCreationInProgress, String(Date.now()));
    server.use(otherTabsGuest());
    let settled = false;
    const pending = ensureGuestTokens().then((tokens) => {
      settled = true;
      return tokens;
    });

    await jest.advanceTimersByTimeAsync(1000);
    expect(settled).toBe(false);
    expect(apiCalls()).toHaveLength(0);

    localStorage.removeItem(STORAGE_KEYS.guestCreationInProgress);
    await jest.advanceTimersByTimeAsync(99);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ accessToken: 'access-other' });
    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(0);
    expect(apiCalls('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('creates a guest itself when the other tab released the lock without one', async () => {
    localStorage.setItem(STORAGE_KEYS.guestCreationInProgress, String(Date.now()));
    server.use(noSessionCookie());
    const pending = ensureGuestTokens();
    await jest.advanceTimersByTimeAsync(300);
    localStorage.removeItem(STORAGE_KEYS.guestCreationInProgress);
    await jest.advanceTimersByTimeAsync(100);
    await expect(pending).resolves.toMatchObject({ accessToken: 'access-1' });
    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(1);
  });

  it('treats the in-progress flag as expired after 10000 ms', async () => {
    localStorage.setItem(STORAGE_KEYS.guestCreationInProgress, String(Date.now()));
    server.use(noSessionCookie());
    const pending = ensureGuestTokens();

    await jest.advanceTimersByTimeAsync(GUEST_CREATION_LOCK_MS - 100);
    expect(apiCalls()).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(100);
    await expect(pending).resolves.toMatchObject({ accessToken: 'access-1' });
    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(1);
  });

  it('ignores a flag left over from more than 10 s ago', async () => {
    localStorage.setItem(
      STORAGE_KEYS.guestCreationInProgress,
      String(Date.now() - GUEST_CREATION_LOCK_MS - 1),
    );
    await expect(ensureGuestTokens()).resolves.toMatchObject({ accessToken: 'access-1' });
  });

  it('releases the lock when creation fails, so a later call can retry', async () => {
    server.use(
      http.post(
        '/api/auth/guest',
        ({ response }) => response.untyped(errorResponse(503, 'UNAVAILABLE', 'down')),
        { once: true },
      ),
    );
    await expect(ensureGuestTokens()).rejects.toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    expect(localStorage.getItem(STORAGE_KEYS.guestCreationInProgress)).toBeNull();
    await expect(ensureGuestTokens()).resolves.toMatchObject({ accessToken: 'access-1' });
  });
});
