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
/** A verified token is trusted again without re-checking its signature for at most this long (and never past its expiry). */
const VERIFIED_TTL_MS = 5 * 60_000;
/** Verified tokens remembered at most (the least recently used are dropped first). */
const MAX_VERIFIED = 10_000;

type Keys = { getKey: JWTVerifyGetKey; issuer: string; fetchedAt: number };

/**
 * Verifies access tokens locally against identity's public keys: one NATS
 * request for the JWKS, then no hop per request. A token signed with a key
 * it does not know yet makes it refetch the JWKS (key rotation), rate-limited.
 *
 * The ES256 check is a quarter of the gateway's CPU per new chat stream
 * (issue 25), so a token string once verified is remembered with its claims
 * until its expiry, at most 5 min, bounded to 10,000 tokens: a fan's token is
 * verified once, not on every send. Only successes are remembered, keyed by the
 * whole token string (signature included: a tampered token is a different key);
 * an entry past its `exp` is dropped and the token verified afresh (so refused
 * exactly as before); a new key set forgets every entry. This caches the token
 * only: the guard still asks `SessionLiveness` on every request, so signing out
 * revokes a cached token as before. See docs/security.md.
 */
@Injectable()
export class JwtVerifier {
  private readonly logger = new Logger(JwtVerifier.name);
  private keys?: Keys;
  private pending?: Promise<Keys>;
  private readonly verified = new Map<string, { actor: Actor; until: number }>();
  protected readonly maxVerified: number = MAX_VERIFIED;

  constructor(private readonly client: ServiceClient) {}

  async verify(token: string): Promise<Actor> {
    const known = this.verified.get(token);
    if (known) {
      this.verified.delete(token);
      if (Date.now() < known.until) {
        this.verified.set(token, known);
        return { ...known.actor, groups: [...known.actor.groups] };
      }
    }
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

  private async verifyWith(jose: Jose, keys: Keys, token: string): Promise<Actor> {
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
    const actor: Actor = {
      userId: payload.sub,
      userType: claims.data.user_type,
      groups: claims.data.groups,
      ...(claims.data.sid ? { sessionId: claims.data.sid } : {}),
      ...(claims.data.age_band ? { ageBand: claims.data.age_band } : {}),
    };
    // Verified against keys since replaced (a rotation mid-verification): not remembered.
    if (keys === this.keys && typeof payload.exp === 'number') this.remember(token, actor, payload.exp);
    return { ...actor, groups: [...actor.groups] };
  }

  private remember(token: string, actor: Actor, exp: number): void {
    this.verified.set(token, { actor, until: Math.min(exp * 1000, Date.now() + VERIFIED_TTL_MS) });
    if (this.verified.size > this.maxVerified) this.verified.delete(this.verified.keys().next().value!);
  }

  private canRefresh(): boolean {
    return !this.keys || Date.now() - this.keys.fetchedAt > JWKS_REFRESH_MIN_MS;
  }

  private loadKeys(jose: Jose, force = false): Promise<Keys> {
    if (this.keys && !force) return Promise.resolve(this.keys);
    this.pending ??= this.client
      .request(Subjects.IdentityJwksGet, {})
      .then((jwks) => {
        this.keys = {
          getKey: jose.createLocalJWKSet({ keys: jwks.keys as never }),
          issuer: jwks.issuer,
          fetchedAt: Date.now(),
        };
        // Tokens verified with the old set may be signed by a key no longer trusted.
        this.verified.clear();
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
