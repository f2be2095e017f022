import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import Redis from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { GatewayConfig } from '../gateway.config';

/** The gateway's throttles, each counting per client address over one minute. */
export type ThrottleName = 'api' | 'guest-creation';

const WINDOW_SECONDS = 60;
const REDIS_READY_TIMEOUT_MS = 3000;

/**
 * Per-address request budgets. With REDIS_URL the counters live in Redis, so
 * every gateway replica sees the same count; without it (standalone) they live
 * in this process. If Redis stops answering, each replica falls back to its
 * own memory rather than refusing or waving through every request.
 */
@Injectable()
export class ThrottleService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ThrottleService.name);
  private readonly redis?: Redis;
  private readonly limiters: Record<ThrottleName, RateLimiterAbstract>;

  constructor(config: GatewayConfig) {
    if (config.REDIS_URL) {
      this.redis = new Redis(config.REDIS_URL, {
        // Fail fast to the in-memory insurance limiter instead of queueing behind a dead Redis.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
      });
      this.redis.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
    }
    const limiter = (name: ThrottleName, points: number): RateLimiterAbstract => {
      const options = {
        keyPrefix: `${config.THROTTLE_KEY_PREFIX}:${name}`,
        points,
        duration: WINDOW_SECONDS,
      };
      if (!this.redis) return new RateLimiterMemory(options);
      return new RateLimiterRedis({
        ...options,
        storeClient: this.redis,
        insuranceLimiter: new RateLimiterMemory(options),
      });
    };
    this.limiters = {
      api: limiter('api', config.THROTTLE_PER_MINUTE),
      'guest-creation': limiter('guest-creation', config.GUEST_CREATIONS_PER_MINUTE),
    };
  }

  /** Takes one request from the address's budget; over it, a RATE_LIMITED error with the time to retry. */
  async consume(name: ThrottleName, address: string): Promise<void> {
    try {
      await this.limiters[name].consume(address);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const nextAvailableTime = new Date(Date.now() + rejection.msBeforeNext).toISOString();
      throw new ServiceError(
        ErrorCode.RateLimited,
        name === 'guest-creation'
          ? 'Too many new guests from your address; wait a minute and try again.'
          : 'Too many requests from your address; wait a minute and try again.',
        { nextAvailableTime, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) },
      );
    }
  }

  /** Waits briefly for Redis so the first requests are counted in the shared store, not in memory. */
  async onModuleInit(): Promise<void> {
    const redis = this.redis;
    if (!redis || redis.status === 'ready') return;
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), REDIS_READY_TIMEOUT_MS);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!ready) this.logger.warn('Redis is not answering yet; throttles count in memory until it does');
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}
