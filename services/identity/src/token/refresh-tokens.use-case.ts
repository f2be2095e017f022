import { Injectable, Logger } from '@nestjs/common';
import type { AuthClient, TokenRefreshReply } from '@backtalk/proto';
import { GuestRepository } from '../guest/guest.repository';
import { IdentityConfig } from '../identity.config';
import { IdentityError } from '../identity.errors';
import { AuthSessionRepository } from '../session/auth-session.repository';
import { UserRepository } from '../user/user.repository';
import { userTypeOf } from '../user/user-type';
import { RefreshTokenRepository } from './refresh-token.repository';
import { spentTokenVerdict } from './refresh-reuse';
import { hashRefreshToken } from './refresh-token.secret';
import { TokenIssuerService } from './token-issuer.service';

/**
 * Exchanges a refresh token for fresh tokens, rotating it: the presented
 * token is spent and its successor joins the same family. Presenting a spent
 * token again means two parties hold it, so the whole family is revoked —
 * except within REFRESH_REUSE_GRACE_SECONDS of its rotation while its
 * successor is still unused: that is two tabs of one browser refreshing with
 * the same cookie at once. The later one gets access and id tokens but no
 * refresh token; the browser keeps the successor the first one set. An
 * account's session ends SESSION_MAX_LIFETIME_SECONDS after its sign-in.
 */
@Injectable()
export class RefreshTokens {
  private readonly logger = new Logger(RefreshTokens.name);

  constructor(
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly users: UserRepository,
    private readonly guests: GuestRepository,
    private readonly sessions: AuthSessionRepository,
    private readonly issuer: TokenIssuerService,
    private readonly config: IdentityConfig,
  ) {}

  async execute(refreshToken: string, client?: AuthClient): Promise<TokenRefreshReply['tokens']> {
    const now = new Date();
    const tokenHash = hashRefreshToken(refreshToken);
    const next = this.issuer.mintRefreshToken(now);
    const used = await this.refreshTokens.rotate(tokenHash, now, next);
    if (!used) return this.refused(tokenHash, now);
    const user = await this.users.findOwn(used.userId);
    if (!user) {
      await this.refreshTokens.revokeFamily(used.familyId, now);
      throw IdentityError.tokenInvalid();
    }
    if (userTypeOf(user) === 'guest') await this.guests.touch(user.id, now);
    else if (await this.pastMaximumLifetime(user.id, used.familyId, now)) {
      await this.refreshTokens.revokeFamily(used.familyId, now);
      throw IdentityError.tokenInvalid();
    }
    await this.sessions.touch({
      id: used.familyId,
      userId: user.id,
      expiresAt: next.expiresAt,
      now,
      ...(client ? { client } : {}),
    });
    return this.issuer.tokensFor(user, next, now, used.familyId);
  }

  /** ASVS 7.3.2: an account signs in again SESSION_MAX_LIFETIME_SECONDS after it last did. */
  private async pastMaximumLifetime(userId: string, sessionId: string, now: Date): Promise<boolean> {
    const session = await this.sessions.findOwn(userId, sessionId);
    const maximumMs = this.config.SESSION_MAX_LIFETIME_SECONDS * 1000;
    return session !== null && now.getTime() - session.createdAt.getTime() > maximumMs;
  }

  /** Unknown, expired or revoked: TOKEN_INVALID. Spent: the grace above, or reuse (spentTokenVerdict). */
  private async refused(tokenHash: string, now: Date): Promise<TokenRefreshReply['tokens']> {
    const token = await this.refreshTokens.findByHash(tokenHash);
    const successor =
      token?.usedAt && !token.revokedAt ? await this.refreshTokens.findSuccessor(token) : null;
    const verdict = spentTokenVerdict({
      token,
      successor,
      now,
      graceSeconds: this.config.REFRESH_REUSE_GRACE_SECONDS,
    });
    // The verdict is TOKEN_INVALID for an unknown token; `!token` tells the compiler so.
    if (verdict === 'TOKEN_INVALID' || !token) throw IdentityError.tokenInvalid();
    if (verdict === 'REUSE_GRACE') {
      const user = await this.users.findOwn(token.userId);
      if (user) return this.issuer.sessionTokensFor(user, now, token.familyId);
    }
    const revoked = await this.refreshTokens.revokeFamily(token.familyId, now);
    this.logger.warn(
      `A used refresh token of user ${token.userId} was presented again; revoked ${revoked} live token(s) of family ${token.familyId}`,
    );
    throw IdentityError.tokenReused();
  }
}
