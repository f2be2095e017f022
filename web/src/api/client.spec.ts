import { apiCalls, errorResponse, http, networkFailure, server, textResponse } from '../test/api-mock';
import { ApiError } from './api-error';
import { api, bindAuth, bodyOf, publicApi } from './client';

describe('the generated API client', () => {
  beforeEach(() => bindAuth({ getAccessToken: async () => 'token-1', onUnauthorized: async () => null }));
  afterEach(() => bindAuth(null));

  const conversation = {
    id: 'conv-1',
    creatorId: 'creator-1',
    createdAt: '2025-01-01T00:00:00.000Z',
    title: '',
  };

  it('calls the same-origin /api with the bearer token and a JSON body', async () => {
    server.use(http.post('/api/conversations', ({ response }) => response(201).json(conversation)));
    const reply = bodyOf(await api.POST('/api/conversations', { body: { creatorId: 'creator-1' } }));
    expect(reply).toEqual(conversation);
    const [call] = apiCalls('POST', '/api/conversations');
    expect(call.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'content-type': 'application/json',
    });
    expect(call.body).toEqual({ creatorId: 'creator-1' });
  });

  it('sends no token from the public client', async () => {
    server.use(
      http.post('/api/auth/sign-out', ({ response }) => response(200).json({ endSessionUrl: null })),
    );
    await publicApi.POST('/api/auth/sign-out', { headers: { 'X-Backtalk-CSRF': '1' } });
    expect(apiCalls('POST', '/api/auth/sign-out')[0].headers.authorization).toBeUndefined();
  });

  it('turns a { code, message } answer into an ApiError', async () => {
    server.use(
      http.post('/api/chat/rate-limit', ({ response }) =>
        response.untyped(
          errorResponse(429, 'RATE_LIMITED', 'Slow down', { nextAvailableTime: '2030-01-01T00:00:00Z' }),
        ),
      ),
    );
    const error = await api
      .POST('/api/chat/rate-limit', { body: { creatorId: 'c', message: 'hi' } })
      .catch((e: unknown) => e);
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
    server.use(
      http.get('/api/creators', ({ response }) =>
        response.untyped(textResponse(502, '<html>Bad gateway</html>')),
      ),
    );
    await expect(api.GET('/api/creators')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: expect.stringMatching(/^Request failed with status 502/),
    });
  });

  it('reports an unreachable server as a network error (status 0)', async () => {
    server.use(http.get('/api/creators', ({ response }) => response.untyped(networkFailure())));
    await expect(api.GET('/api/creators')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      isNetworkError: true,
    });
  });

  it('retries a 401 once with the token the session hands back, and no more', async () => {
    const onUnauthorized = jest.fn(async () => 'token-2');
    bindAuth({ getAccessToken: async () => 'token-1', onUnauthorized });
    server.use(
      http.post('/api/conversations', ({ response }) =>
        response.untyped(errorResponse(401, 'UNAUTHORIZED', 'no')),
      ),
    );
    await expect(api.POST('/api/conversations', { body: { creatorId: 'c' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledWith('token-1');
    const calls = apiCalls('POST', '/api/conversations');
    expect(calls.map((call) => call.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    // The retry carries the same body.
    expect(calls.map((call) => call.body)).toEqual([{ creatorId: 'c' }, { creatorId: 'c' }]);
  });
});
