import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RefreshTokenEntity } from '../token/refresh-token.entity';
import { UserEntity } from '../user/user.entity';
import { OAuthSessionEntity } from './oauth-session.entity';

/**
 * What OAuth sign-in and sign-out read of sessions: which provider a session (refresh-token
 * family) began with, and whose a refresh token is. Refresh tokens are looked up by their hash,
 * which only their holder can produce.
 */
@Injectable()
export class OAuthSessionRepository {
  constructor(
    @InjectRepository(OAuthSessionEntity) private readonly sessions: Repository<OAuthSessionEntity>,
    @InjectRepository(RefreshTokenEntity) private readonly tokens: Repository<RefreshTokenEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  /** The provider the session of a refresh token not revoked began with; null for none or a password sign-in. */
  async providerOf(tokenHash: string): Promise<string | null> {
    const token = await this.tokens.findOneBy({ tokenHash });
    if (!token || token.revokedAt) return null;
    const session = await this.sessions.findOneBy({ familyId: token.familyId });
    return session?.provider ?? null;
  }

  /** Notes that the session the (just issued) refresh token belongs to began with `provider`. */
  async recordProvider(tokenHash: string, provider: string): Promise<void> {
    const token = await this.tokens.findOneByOrFail({ tokenHash });
    await this.sessions.insert({ familyId: token.familyId, provider });
  }

  /** The user whose refresh token this is, while it can still be used (not used, revoked or expired). */
  async userOfLiveToken(tokenHash: string, now: Date): Promise<UserEntity | null> {
    const token = await this.tokens.findOneBy({ tokenHash });
    if (!token || token.usedAt || token.revokedAt || token.expiresAt <= now) return null;
    return this.users.findOneBy({ id: token.userId });
  }
}
