import { OAuthEndSession } from './oauth-end-session.use-case';
import type { OAuthProviders } from './oauth-providers';
import type { OAuthSessionRepository } from './oauth-session.repository';

// The provider's logout out of reach cannot be staged with the real OpenID provider of
// oauth.medium.spec (its discovery is cached from the sign-in), so this checks the mapping alone.
describe('OAuthEndSession', () => {
  const endSession = (endSessionUrl: () => Promise<string | null>) =>
    new OAuthEndSession(
      { find: () => ({ endSessionUrl }) } as unknown as OAuthProviders,
      { providerOf: async () => 'google' } as unknown as OAuthSessionRepository,
    );

  it("answers the provider's end-session URL", async () => {
    await expect(
      endSession(async () => 'https://id.example.com/logout').execute('r'.repeat(43), 'http://localhost/'),
    ).resolves.toEqual({ endSessionUrl: 'https://id.example.com/logout' });
  });

  it('says the provider could not be reached (spec §8) instead of failing the sign-out', async () => {
    await expect(
      endSession(() => Promise.reject(new Error('getaddrinfo ENOTFOUND id.example.com'))).execute(
        'r'.repeat(43),
        'http://localhost/',
      ),
    ).resolves.toEqual({ endSessionUrl: null, providerSignOutFailed: true });
  });
});
