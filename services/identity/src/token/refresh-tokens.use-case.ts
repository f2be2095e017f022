import { Injectable, Logger } from '@nestjs/common';
import type { Tokens } from '@backtalk/proto';
import { GuestRepository } from '../guest/guest.repository';
import { IdentityError } from '../identity.errors';
import { UserRepository } from '../user/user.repository';
import { userTypeOf } from '../user/user-type';
import { RefreshTokenRepository } from './refresh-token.repository';
import { hashRefreshToken } from './refresh-token.secret';
import { TokenIssuerService } from './token-issuer.service';

/**
 * Exchanges a refresh token for fresh tokens, rotating it: the presented
 * token is spent and its successor joins the same family. Presenting a spent
 * token again means two parties hold it, so the whole family is revoked.
 */
@Injectable()
export class RefreshTokens {
  private readonly logger = new Logger(RefreshTokens.name);

  constructor(
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly users: UserRepository,
    private readonly guests: GuestRepository,
    private readonly issuer: TokenIssuerService,
  ) {}

  async execute(refreshToken: string): Promise<Tokens> {
    const now = new Date();
    const tokenHash = hashRefreshToken(refreshToken);
    const next = this.issuer.mintRefreshToken(now);
    const used = await this.refreshTokens.rotate(tokenHash, now, next);
    if (!used) throw await this.rejection(tokenHash, now);
    const user = await this.users.findOwn(used.userId);
    if (!user) {
      await this.refreshTokens.revokeFamily(used.familyId, now);
      throw IdentityError.tokenInvalid();
    }
    if (userTypeOf(user) === 'guest') await this.guests.touch(user.id, now);
    return this.issuer.tokensFor(user, next, now);
  }

  private async rejection(tokenHash: string, now: Date): Promise<IdentityError> {
    const token = await this.refreshTokens.findByHash(tokenHash);
    if (!token?.usedAt) return IdentityError.tokenInvalid();
    const revoked = await this.refreshTokens.revokeFamily(token.familyId, now);
    this.logger.warn(
      `A used refresh token of user ${token.userId} was presented again; revoked ${revoked} live token(s) of family ${token.familyId}`,
    );
    return IdentityError.tokenReused();
  }
}
