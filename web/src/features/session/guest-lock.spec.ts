import { apiCalls, errorResponse, http, server } from '../../test/api-mock';
import { resetAppState } from '../../test/fixtures';
import { STORAGE_KEYS, readTokens } from './auth-storage';
import { GUEST_CREATION_LOCK_MS, ensureGuestTokens } from './guest-lock';

const guestReply = (n: number) => ({
  userId: `guest-${n}`,
  tokens: { idToken: `id-${n}`, accessToken: `access-${n}`, refreshToken: `refresh-${n}`, expiresIn: 3600 },
});

/** Tokens as another tab would store them. */
const otherTabTokens = { idToken: 'id-other', accessToken: 'access-other', refreshToken: 'refresh-other' };

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

  it('creates one guest for concurrent callers and stores its tokens', async () => {
    const results = await Promise.all([ensureGuestTokens(), ensureGuestTokens(), ensureGuestTokens()]);

    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(1);
    expect(apiCalls()[0].body).toEqual({ creatorId: 'default' });
    expect(results.map((tokens) => tokens.accessToken)).toEqual(['access-1', 'access-1', 'access-1']);
    expect(readTokens()).toMatchObject({
      idToken: 'id-1',
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
    });
    expect(localStorage.getItem(STORAGE_KEYS.isGuestUser)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.guestCreationInProgress)).toBeNull();
  });

  it('creates nothing when tokens are already stored', async () => {
    localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify(otherTabTokens));
    await expect(ensureGuestTokens()).resolves.toMatchObject({ accessToken: 'access-other' });
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
    expect(Number(localStorage.getItem(STORAGE_KEYS.guestCreationInProgress))).toBe(Date.now());
    release();
    await pending;
    expect(localStorage.getItem(STORAGE_KEYS.guestCreationInProgress)).toBeNull();
  });

  it("waits for another tab's creation, polling every 100 ms, and uses its tokens", async () => {
    localStorage.setItem(STORAGE_KEYS.guestCreationInProgress, String(Date.now()));
    let settled = false;
    const pending = ensureGuestTokens().then((tokens) => {
      settled = true;
      return tokens;
    });

    await jest.advanceTimersByTimeAsync(1000);
    expect(settled).toBe(false);
    expect(apiCalls()).toHaveLength(0);

    localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify(otherTabTokens));
    await jest.advanceTimersByTimeAsync(99);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ accessToken: 'access-other' });
    expect(apiCalls()).toHaveLength(0);
  });

  it('takes over when the other tab releases the lock without tokens', async () => {
    localStorage.setItem(STORAGE_KEYS.guestCreationInProgress, String(Date.now()));
    const pending = ensureGuestTokens();
    await jest.advanceTimersByTimeAsync(300);
    localStorage.removeItem(STORAGE_KEYS.guestCreationInProgress);
    await jest.advanceTimersByTimeAsync(100);
    await expect(pending).resolves.toMatchObject({ accessToken: 'access-1' });
    expect(apiCalls('POST', '/api/auth/guest')).toHaveLength(1);
  });

  it('treats the in-progress flag as expired after 10000 ms', async () => {
    localStorage.setItem(STORAGE_KEYS.guestCreationInProgress, String(Date.now()));
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
        {
          once: true,
        },
      ),
    );
    await expect(ensureGuestTokens()).rejects.toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    expect(localStorage.getItem(STORAGE_KEYS.guestCreationInProgress)).toBeNull();
    await expect(ensureGuestTokens()).resolves.toMatchObject({ accessToken: 'access-1' });
  });
});
