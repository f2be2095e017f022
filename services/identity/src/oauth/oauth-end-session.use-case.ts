import { Injectable, Logger } from '@nestjs/common';
import { OAUTH_PROVIDERS, type OAuthEndSessionReply, type OAuthProvider } from '@backtalk/proto';
import { hashRefreshToken } from '../token/refresh-token.secret';
import { OAuthProviders } from './oauth-providers';
import { OAuthSessionRepository } from './oauth-session.repository';

/**
 * Spec §4 Sign-out "for OAuth it redirects to the provider logout": the
 * end-session URL of the provider a session signed in with, when its
 * discovery document has one (OpenID RP-initiated logout). Google, Apple,
 * Amazon and Facebook publish none, so for them the answer is null.
 */
@Injectable()
export class OAuthEndSession {
  private readonly logger = new Logger(OAuthEndSession.name);

  constructor(
    private readonly providers: OAuthProviders,
    private readonly sessions: OAuthSessionRepository,
  ) {}

  async execute(refreshToken: string, postLogoutRedirectUrl: string): Promise<OAuthEndSessionReply> {
    const none = { endSessionUrl: null };
    const provider = await this.sessions.providerOf(hashRefreshToken(refreshToken));
    if (!provider || !(OAUTH_PROVIDERS as readonly string[]).includes(provider)) return none;
    const client = this.providers.find(provider as OAuthProvider);
    if (!client) return none;
    try {
      return { endSessionUrl: await client.endSessionUrl(postLogoutRedirectUrl) };
    } catch (error) {
      this.logger.warn(`No end-session URL from ${provider}: ${(error as Error).message}`);
      return { endSessionUrl: null, providerSignOutFailed: true };
    }
  }
}
