import { installFetchMock, jsonResponse, networkFailure, textResponse } from '../test/fetch-mock';
import { ApiError } from './api-error';
import { bindAuth, apiJson } from './http';

describe('apiJson', () => {
  beforeEach(() => bindAuth({ getAccessToken: async () => 'token-1', onUnauthorized: async () => null }));
  afterEach(() => bindAuth(null));

  it('calls the same-origin /api with the bearer token and a JSON body', async () => {
    const fetchMock = installFetchMock().on('POST', '/api/things', jsonResponse(200, { ok: 1 }));
    await expect(apiJson('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: 1 });
    const [url, init] = (fetch as jest.Mock).mock.calls[0];
    expect(url).toBe('http://localhost/api/things');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      'Content-Type': 'application/json',
    });
    expect(fetchMock.calls[0].body).toEqual({ a: 1 });
  });

  it('sends no token when auth is off', async () => {
    const fetchMock = installFetchMock().on('GET', '/api/open', jsonResponse(200, {}));
    await apiJson('/open', { auth: false });
    expect(fetchMock.calls[0].headers.Authorization).toBeUndefined();
  });

  it('turns a { code, message } answer into an ApiError', async () => {
    installFetchMock().on(
      'POST',
      '/api/x',
      jsonResponse(429, {
        code: 'RATE_LIMITED',
        message: 'Slow down',
        nextAvailableTime: '2030-01-01T00:00:00Z',
      }),
    );
    const error = await apiJson('/x', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Slow down',
      isRateLimited: true,
    });
    expect((error as ApiError).nextAvailableTime).toBe('2030-01-01T00:00:00Z');
  });

  it('copes with error bodies that are not JSON', async () => {
    installFetchMock().on('GET', '/api/x', textResponse(502, '<html>Bad gateway</html>'));
    await expect(apiJson('/x')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'Request failed with status 502',
    });
  });

  it('reports an unreachable server as a network error (status 0)', async () => {
    installFetchMock().on('GET', '/api/x', () => networkFailure());
    await expect(apiJson('/x')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      isNetworkError: true,
    });
  });

  it('retries a 401 once with the token the session hands back, and no more', async () => {
    const onUnauthorized = jest.fn(async () => 'token-2');
    bindAuth({ getAccessToken: async () => 'token-1', onUnauthorized });
    const fetchMock = installFetchMock().on(
      'GET',
      '/api/x',
      jsonResponse(401, { code: 'UNAUTHORIZED', message: 'no' }),
    );
    await expect(apiJson('/x')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('token-1');
    expect(fetchMock.calls.map((call) => call.headers.Authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });
});
