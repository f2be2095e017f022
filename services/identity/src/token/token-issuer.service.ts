import { Injectable } from '@nestjs/common';
import { type SessionTokens, TOKEN_AUDIENCE, type Tokens } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { IdentityConfig } from '../identity.config';
import { loadJose } from '../signing-key/jose.loader';
import { SIGNING_ALGORITHM, SigningKeyService } from '../signing-key/signing-key.service';
import { hashRefreshToken, newRefreshTokenValue } from './refresh-token.secret';
import { accessTokenClaims, idTokenClaims, type TokenSubject } from './token-claims';

/** A refresh token as handed out (`value`) and as stored (the rest). */
export interface MintedRefreshToken {
  value: string;
  tokenHash: string;
  expiresAt: Date;
}

/** Signs access and id tokens (ES256) and mints refresh tokens. Stores nothing. */
@Injectable()
export class TokenIssuerService {
  constructor(
    private readonly signingKeys: SigningKeyService,
    private readonly config: IdentityConfig,
  ) {}

  mintRefreshToken(now: Date): MintedRefreshToken {
    const value = newRefreshTokenValue();
    return {
      value,
      tokenHash: hashRefreshToken(value),
      expiresAt: new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_SECONDS * 1000),
    };
  }

  /** Access, id and refresh token of session `sessionId` (the refresh token's family). */
  async tokensFor(
    user: TokenSubject,
    refreshToken: MintedRefreshToken,
    now: Date,
    sessionId: string,
  ): Promise<Tokens> {
    return {
      ...(await this.sessionTokensFor(user, now, sessionId)),
      refreshToken: refreshToken.value,
      refreshExpiresIn: Math.max(1, Math.round((refreshToken.expiresAt.getTime() - now.getTime()) / 1000)),
    };
  }

  /**
   * Access and id token only (a refresh within the reuse grace keeps the refresh token it has; an
   * answer that changes a claim, such as the age, keeps the browser's).
   */
  async sessionTokensFor(
    user: TokenSubject,
    now: Date,
    sessionId: string | undefined,
  ): Promise<SessionTokens> {
    const [accessToken, idToken] = await Promise.all([
      this.sign(accessTokenClaims(user, sessionId, now), user.id, now),
      this.sign(idTokenClaims(user, sessionId, now), user.id, now),
    ]);
    return { idToken, accessToken, expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS };
  }

  private async sign(claims: Record<string, unknown>, subject: string, now: Date): Promise<string> {
    const { SignJWT } = await loadJose();
    const key = await this.signingKeys.current();
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: 'JWT' })
      .setIssuer(this.config.JWT_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(subject)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.config.ACCESS_TOKEN_TTL_SECONDS)
      .setJti(randomUUID())
      .sign(key.privateKey);
  }
}
