import { Injectable } from '@nestjs/common';
import { RefreshTokenRepository } from './refresh-token.repository';
import { hashRefreshToken } from './refresh-token.secret';

@Injectable()
export class TokenService {
  constructor(private readonly refreshTokens: RefreshTokenRepository) {}

  /**
   * Sign-out: revokes the family the token belongs to, so neither it nor any
   * token rotated from it works again. False when the token is unknown.
   */
  async revoke(refreshToken: string): Promise<{ revoked: boolean; userId?: string; sessionId?: string }> {
    const token = await this.refreshTokens.findByHash(hashRefreshToken(refreshToken));
    if (!token) return { revoked: false };
    await this.refreshTokens.revokeFamily(token.familyId, new Date());
    return { revoked: true, userId: token.userId, sessionId: token.familyId };
  }
}
