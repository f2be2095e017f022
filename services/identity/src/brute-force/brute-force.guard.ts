import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import Redis from 'ioredis';
import { createHash } from 'node:crypto';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { IdentityConfig } from '../identity.config';
import { RateLimitRepository } from './rate-limit.repository';

const HOUR_SECONDS = 3600;
const SWEEP_EVERY_MS = 5 * 60_000;
/** From this many consecutive failures on an account, each attempt waits 1 s, 2 s, 4 s … (capped). */
const SLOWDOWN_FROM_FAILURES = 3;
const SLOWDOWN_MAX_SECONDS = 300;

type LimiterName =
  | 'signin-fail-account'
  | 'signin-wait-account'
  | 'signin-fail-address'
  | 'code-mail-address'
  | 'code-mail-recipient'
  | 'signup-address';

/**
 * Which hourly allowance of the sender a code email spends: a new sign-up's (SIGN_UPS_PER_ADDRESS,
 * large: many people share a school's or a carrier's address) or any other code's
 * (CODE_EMAILS_PER_ADDRESS: resends, forgot password, sign-in and MFA codes).
 */
export type CodeAllowance = 'sign-up' | 'code-email';

/**
 * Brute-force and abuse limits (ASVS 6.3.1, docs/security.md "Accounts and
 * sign-in"), on a store every identity replica shares: Redis with REDIS_URL,
 * else identity's PostgreSQL schema. Keys are SHA-256 of the email or address,
 * so the store holds neither. Unknown emails are counted like real ones, so
 * the answers never tell whether an account exists.
 *
 * - an account (from any address): from the 3rd consecutive failure each
 *   attempt must wait twice as long as the last; SIGN_IN_LOCKOUT_FAILURES
 *   lock it for SIGN_IN_LOCKOUT_SECONDS; a success clears its count;
 * - an address: SIGN_IN_FAILURES_PER_ADDRESS failed sign-ins and wrong codes
 *   per hour, all accounts together (far above one account's lockout, so one
 *   locked account does not stop the next person behind the same address);
 * - code emails: SIGN_UPS_PER_ADDRESS sign-ups and CODE_EMAILS_PER_ADDRESS
 *   other code emails per sending address, and CODE_EMAILS_PER_RECIPIENT per
 *   receiving address, per hour.
 */
@Injectable()
export class BruteForceGuard implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BruteForceGuard.name);
  private readonly redis?: Redis;
  private readonly limiters: Record<LimiterName, RateLimiterAbstract>;
  private sweep?: NodeJS.Timeout;

  constructor(
    private readonly config: IdentityConfig,
    private readonly store: RateLimitRepository,
  ) {
    if (config.REDIS_URL) {
      this.redis = new Redis(config.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
      });
      this.redis.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
    }
    const limiter = (name: LimiterName, points: number, duration: number): RateLimiterAbstract => {
      const options = { keyPrefix: `${config.RATE_LIMIT_KEY_PREFIX}:${name}`, points, duration };
      if (this.redis) {
        return new RateLimiterRedis({
          ...options,
          storeClient: this.redis,
          // Redis gone: each replica keeps counting in memory rather than waving guesses through.
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: options.keyPrefix, points, duration }),
        });
      }
      return store.limiter(options);
    };
    this.limiters = {
      'signin-fail-account': limiter(
        'signin-fail-account',
        config.SIGN_IN_LOCKOUT_FAILURES,
        config.SIGN_IN_LOCKOUT_SECONDS,
      ),
      'signin-wait-account': limiter('signin-wait-account', 1, 1),
      'signin-fail-address': limiter(
        'signin-fail-address',
        config.SIGN_IN_FAILURES_PER_ADDRESS,
        HOUR_SECONDS,
      ),
      'code-mail-address': limiter('code-mail-address', config.CODE_EMAILS_PER_ADDRESS, HOUR_SECONDS),
      'code-mail-recipient': limiter('code-mail-recipient', config.CODE_EMAILS_PER_RECIPIENT, HOUR_SECONDS),
      'signup-address': limiter('signup-address', config.SIGN_UPS_PER_ADDRESS, HOUR_SECONDS),
    };
  }

  /** Before a password is checked: refused while the account or the address is locked or must wait. */
  async assertMaySignIn(email: string, ip: string): Promise<void> {
    const account = keyOf(email);
    await this.assertUnder('signin-fail-address', keyOf(ip), this.config.SIGN_IN_FAILURES_PER_ADDRESS);
    await this.assertUnder('signin-fail-account', account, this.config.SIGN_IN_LOCKOUT_FAILURES);
    await this.assertUnder('signin-wait-account', account, 1);
  }

  /** A wrong password (or unknown email): counts against the account and the address. */
  async recordSignInFailure(email: string, ip: string): Promise<void> {
    const account = keyOf(email);
    await this.count('signin-fail-address', keyOf(ip));
    const failures = await this.count('signin-fail-account', account);
    if (failures >= this.config.SIGN_IN_LOCKOUT_FAILURES) {
      await this.limiters['signin-fail-account'].block(account, this.config.SIGN_IN_LOCKOUT_SECONDS);
    } else if (failures >= SLOWDOWN_FROM_FAILURES) {
      const wait = Math.min(2 ** (failures - SLOWDOWN_FROM_FAILURES), SLOWDOWN_MAX_SECONDS);
      await this.limiters['signin-wait-account'].block(account, wait);
    }
  }

  /** The right password: the account's consecutive failures start again from zero. */
  async recordSignInSuccess(email: string): Promise<void> {
    const account = keyOf(email);
    await this.limiters['signin-fail-account'].delete(account);
    await this.limiters['signin-wait-account'].delete(account);
  }

  /** Before a code is checked: refused while the address is locked. */
  async assertMayTryCode(ip: string): Promise<void> {
    await this.assertUnder('signin-fail-address', keyOf(ip), this.config.SIGN_IN_FAILURES_PER_ADDRESS);
  }

  /** A wrong code counts against the address, like a wrong password. */
  async recordCodeFailure(ip: string): Promise<void> {
    await this.count('signin-fail-address', keyOf(ip));
  }

  /**
   * Takes one code email from the sender's hourly allowance (`allowance`: a sign-up's or
   * another code's) and, when one is sent, the recipient's; or refuses. Requests that send
   * nothing (an unknown email) still spend the sender's, so probing costs the same.
   */
  async takeCodeEmail(
    sender: string,
    recipient?: string,
    allowance: CodeAllowance = 'code-email',
  ): Promise<void> {
    await this.take(allowance === 'sign-up' ? 'signup-address' : 'code-mail-address', keyOf(sender));
    if (recipient !== undefined) await this.take('code-mail-recipient', keyOf(recipient));
  }

  /**
   * Sweeping starts once the whole service has started: a start that fails later (a wrong
   * key-encryption key, say) never reaches destroy, and its timer would outlive the module.
   */
  onApplicationBootstrap(): void {
    this.sweep = this.startSweeping();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweep);
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }

  /** PostgreSQL store only: rows expired over an hour ago are deleted every 5 minutes (one table for all). */
  private startSweeping(): NodeJS.Timeout | undefined {
    if (this.redis) return undefined;
    const timer = setInterval(() => {
      this.store
        .deleteExpired(Date.now() - HOUR_SECONDS * 1000)
        .catch((error: Error) =>
          this.logger.warn(`Deleting expired sign-in counters failed: ${error.message}`),
        );
    }, SWEEP_EVERY_MS);
    timer.unref();
    return timer;
  }

  private async assertUnder(name: LimiterName, key: string, limit: number): Promise<void> {
    const state = await this.limiters[name].get(key);
    if (state && state.consumedPoints >= limit && state.msBeforeNext > 0) throw tooMany(state.msBeforeNext);
  }

  private async count(name: LimiterName, key: string): Promise<number> {
    try {
      return (await this.limiters[name].consume(key)).consumedPoints;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return rejection.consumedPoints;
      throw rejection;
    }
  }

  private async take(name: LimiterName, key: string): Promise<void> {
    try {
      await this.limiters[name].consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooMany(rejection.msBeforeNext);
      throw rejection;
    }
  }
}

function keyOf(value: string): string {
  return createHash('sha256').update(value.toLowerCase()).digest('hex');
}

function tooMany(msBeforeNext: number): ServiceError {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new ServiceError(ErrorCode.AuthTooManyAttempts, undefined, { retryAfterSeconds });
}
