import { createHash } from 'node:crypto';
import { ProviderClient } from './provider-client';
import { newCodeVerifier, newOAuthState, newRandomToken } from './oauth-secrets';

/**
 * The OAuth 2 providers (no discovery, so no network): the authorization
 * request each one gets. Their code exchange and profile call need the real
 * Amazon and Facebook; the OpenID path is exercised end to end against a real
 * provider in services/system-tests/src/oauth.medium.spec.ts.
 */
describe('the OAuth 2 providers (Amazon, Facebook)', () => {
  const request = () => ({
    redirectUri: 'https://backtalk.example.com/api/auth/oauth/x/callback',
    state: newOAuthState(),
    codeVerifier: newCodeVerifier(),
    nonce: newRandomToken(),
  });

  it.each([
    ['amazon', 'https://www.amazon.com/ap/oa', 'profile'],
    ['facebook', 'https://www.facebook.com/v21.0/dialog/oauth', 'email public_profile'],
  ] as const)(
    '%s: code flow with PKCE S256 and state at its own endpoint, no nonce',
    async (provider, endpoint, scope) => {
      const client = new ProviderClient({ provider, clientId: `${provider}-id`, clientSecret: 'secret' }, 5);
      const sent = request();
      const url = await client.authorizationUrl(sent);
      expect(`${url.origin}${url.pathname}`).toBe(endpoint);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: `${provider}-id`,
        redirect_uri: sent.redirectUri,
        response_type: 'code',
        scope,
        state: sent.state,
        code_challenge: createHash('sha256').update(sent.codeVerifier).digest('base64url'),
        code_challenge_method: 'S256',
      });
      expect(client.responseMode).toBe('query');
      await expect(client.endSessionUrl('https://backtalk.example.com/')).resolves.toBeNull();
    },
  );

  it('makes state 32 alphanumerics and verifiers 128, fresh each time', () => {
    expect(newOAuthState()).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(newCodeVerifier()).toMatch(/^[A-Za-z0-9]{128}$/);
    expect(newOAuthState()).not.toBe(newOAuthState());
  });
});
