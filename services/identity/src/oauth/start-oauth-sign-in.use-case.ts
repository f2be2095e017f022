import { Injectable, Logger } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import { ErrorCode, type OAuthStartReply, type OAuthStartRequest } from '@backtalk/proto';
import { IdentityConfig } from '../identity.config';
import { hashRefreshToken } from '../token/refresh-token.secret';
import { userTypeOf } from '../user/user-type';
import { OAuthAuthorizationRepository } from './oauth-authorization.repository';
import { OAuthProviders } from './oauth-providers';
import { newCodeVerifier, newOAuthState, newRandomToken, sha256 } from './oauth-secrets';
import { OAuthSessionRepository } from './oauth-session.repository';

/**
 * Begins an OAuth sign-in: a fresh state (32 alphanumerics), PKCE code
 * verifier (128 characters, sent as its S256 challenge), nonce and binding
 * value; the pending sign-in is stored with hashes of what the browser holds,
 * and the provider's authorization URL is returned for the redirect.
 */
@Injectable()
export class StartOAuthSignIn {
  private readonly logger = new Logger(StartOAuthSignIn.name);

  constructor(
    private readonly providers: OAuthProviders,
    private readonly authorizations: OAuthAuthorizationRepository,
    private readonly sessions: OAuthSessionRepository,
    private readonly config: IdentityConfig,
  ) {}

  async execute(request: OAuthStartRequest): Promise<OAuthStartReply> {
    const client = this.providers.get(request.provider);
    const now = new Date();
    const state = newOAuthState();
    const codeVerifier = newCodeVerifier();
    const nonce = newRandomToken();
    const binding = newRandomToken();
    const authorizationUrl = await client
      .authorizationUrl({ redirectUri: request.callbackUrl, state, codeVerifier, nonce })
      .catch((error: unknown) => {
        this.logger.warn(`${request.provider} discovery failed: ${(error as Error).message}`);
        throw new ServiceError(ErrorCode.OAuthProviderUnavailable);
      });
    await this.authorizations.deleteExpired(now);
    await this.authorizations.create({
      stateHash: sha256(state),
      provider: request.provider,
      codeVerifier,
      nonce,
      bindingHash: sha256(binding),
      redirectUri: request.callbackUrl,
      returnTo: request.returnTo ?? null,
      guestUserId: request.refreshToken ? await this.guestOf(request.refreshToken, now) : null,
      expiresAt: new Date(now.getTime() + this.config.OAUTH_AUTHORIZATION_TTL_SECONDS * 1000),
    });
    return {
      authorizationUrl: authorizationUrl.toString(),
      binding,
      expiresIn: this.config.OAUTH_AUTHORIZATION_TTL_SECONDS,
      responseMode: client.responseMode,
    };
  }

  /** The guest whose live refresh token the browser sent, if it is a guest's (an account's carries nothing over). */
  private async guestOf(refreshToken: string, now: Date): Promise<string | null> {
    const user = await this.sessions.userOfLiveToken(hashRefreshToken(refreshToken), now);
    return user && userTypeOf(user) === 'guest' ? user.id : null;
  }
}
