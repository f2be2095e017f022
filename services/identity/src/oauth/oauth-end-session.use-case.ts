import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { OAUTH_PROVIDERS, type OAuthEndSessionReply, type OAuthProvider } from '@backtalk/proto';
import { Repository } from 'typeorm';
import { hashRefreshToken } from '../token/refresh-token.secret';
import { RefreshTokenEntity } from '../token/refresh-token.entity';
import { OAuthProviders } from './oauth-providers';
import { OAuthSessionEntity } from './oauth-session.entity';

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
    @InjectRepository(RefreshTokenEntity) private readonly refreshTokens: Repository<RefreshTokenEntity>,
    @InjectRepository(OAuthSessionEntity) private readonly oauthSessions: Repository<OAuthSessionEntity>,
  ) {}

  async execute(refreshToken: string, postLogoutRedirectUrl: string): Promise<OAuthEndSessionReply> {
    const none = { endSessionUrl: null };
    const token = await this.refreshTokens.findOneBy({ tokenHash: hashRefreshToken(refreshToken) });
    if (!token || token.revokedAt) return none;
    const session = await this.oauthSessions.findOneBy({ familyId: token.familyId });
    if (!session || !(OAUTH_PROVIDERS as readonly string[]).includes(session.provider)) return none;
    const client = this.providers.find(session.provider as OAuthProvider);
    if (!client) return none;
    try {
      return { endSessionUrl: await client.endSessionUrl(postLogoutRedirectUrl) };
    } catch (error) {
      this.logger.warn(`No end-session URL from ${session.provider}: ${(error as Error).message}`);
      return { endSessionUrl: null, providerSignOutFailed: true };
    }
  }
}
