import { Injectable, Logger } from '@nestjs/common';
import { lazyImport, ServiceClient, ServiceError } from '@backtalk/kit';
import { accessTokenClaimsSchema, type Actor, ErrorCode, Subjects, TOKEN_AUDIENCE } from '@backtalk/proto';
/** jose is ESM-only: load it once with a native dynamic import (kept by the SWC build). */
type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
type JWTVerifyGetKey = ReturnType<Jose['createLocalJWKSet']>;
const loadJose: () => Promise<Jose> = lazyImport(() => import('jose'));

/** Spec §9: token tolerance 5 s. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** An unknown key id triggers a JWKS refetch at most this often. */
const JWKS_REFRESH_MIN_MS = 30_000;

/**
 * Verifies access tokens locally against identity's public keys: one NATS
 * request for the JWKS, then no hop per request. A token signed with a key
 * it does not know yet makes it refetch the JWKS (key rotation), rate-limited.
 */
@Injectable()
export class JwtVerifier {
  private readonly logger = new Logger(JwtVerifier.name);
  private keys?: { getKey: JWTVerifyGetKey; issuer: string; fetchedAt: number };
  private pending?: Promise<NonNullable<JwtVerifier['keys']>>;

  constructor(private readonly client: ServiceClient) {}

  async verify(token: string): Promise<Actor> {
    const jose = await loadJose();
    try {
      return await this.verifyWith(jose, await this.loadKeys(jose), token);
    } catch (error) {
      if (error instanceof jose.errors.JWKSNoMatchingKey && this.canRefresh()) {
        return this.verifyWith(jose, await this.loadKeys(jose, true), token).catch((retry: unknown) => {
          throw toUnauthorized(jose, retry);
        });
      }
      throw toUnauthorized(jose, error);
    }
  }

  private async verifyWith(
    jose: Jose,
    keys: NonNullable<JwtVerifier['keys']>,
    token: string,
  ): Promise<Actor> {
    const { payload } = await jose.jwtVerify(token, keys.getKey, {
      issuer: keys.issuer,
      audience: TOKEN_AUDIENCE,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      algorithms: ['ES256'],
    });
    if (payload.token_use !== 'access') {
      throw new ServiceError(ErrorCode.Unauthorized, 'An access token is required');
    }
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (typeof payload.sub !== 'string' || !claims.success) {
      throw new ServiceError(ErrorCode.Unauthorized, 'The access token is missing its claims');
    }
    return {
      userId: payload.sub,
      userType: claims.data.user_type,
      groups: claims.data.groups,
      ...(claims.data.sid ? { sessionId: claims.data.sid } : {}),
      ...(claims.data.age_band ? { ageBand: claims.data.age_band } : {}),
    };
  }

  private canRefresh(): boolean {
    return !this.keys || Date.now() - this.keys.fetchedAt > JWKS_REFRESH_MIN_MS;
  }

  private loadKeys(jose: Jose, force = false): Promise<NonNullable<JwtVerifier['keys']>> {
    if (this.keys && !force) return Promise.resolve(this.keys);
    this.pending ??= this.client
      .request(Subjects.IdentityJwksGet, {})
      .then((jwks) => {
        this.keys = {
          getKey: jose.createLocalJWKSet({ keys: jwks.keys as never }),
          issuer: jwks.issuer,
          fetchedAt: Date.now(),
        };
        this.logger.log(`Loaded ${jwks.keys.length} signing key(s) from identity`);
        return this.keys;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }
}

function toUnauthorized(jose: Jose, error: unknown): ServiceError {
  // Our own errors pass through: identity being down is an outage (503), not a bad token.
  if (error instanceof ServiceError) return error;
  if (error instanceof jose.errors.JWTExpired)
    return new ServiceError(ErrorCode.Unauthorized, 'The access token has expired');
  return new ServiceError(ErrorCode.Unauthorized, 'The access token is not valid');
}
