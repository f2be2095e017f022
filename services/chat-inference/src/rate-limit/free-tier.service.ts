import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONFIG, FeatureFlagReader, ServiceClient } from '@backtalk/kit';
import { type Actor, BYPASS_SUBSCRIPTIONS_FLAG, type RateLimitCheckReply, Subjects } from '@backtalk/proto';
import { type ChatInferenceConfig, flagEnvironmentOf } from '../chat-inference.config';
import { ChatError } from '../conversation/chat.errors';
import { UserRateLimitRepository } from './user-rate-limit.repository';

/**
 * Spec §4, §5, §9: a fan may send FREE_TIER_MESSAGES per window; an active
 * subscription to the creator, or the bypassSubscriptions flag, lifts it.
 * The limit itself never leaves the server, only canSendMessage and
 * nextAvailableTime do.
 */
@Injectable()
export class FreeTierService {
  private readonly logger = new Logger(FreeTierService.name);

  constructor(
    private readonly limits: UserRateLimitRepository,
    private readonly flags: FeatureFlagReader,
    private readonly client: ServiceClient,
    @Inject(CONFIG) private readonly config: ChatInferenceConfig,
  ) {}

  /** The status check: never counts a message. */
  async check(actor: Actor, creatorId: string): Promise<RateLimitCheckReply> {
    if (await this.isUnlimited(actor, creatorId)) return { canSendMessage: true, nextAvailableTime: null };
    const state = await this.limits.find(actor.userId);
    const now = Date.now();
    if (!state || state.resetTime.getTime() <= now || state.queryCount < this.config.FREE_TIER_MESSAGES) {
      return { canSendMessage: true, nextAvailableTime: null };
    }
    return { canSendMessage: false, nextAvailableTime: state.resetTime.toISOString() };
  }

  /** Takes one message, or throws RATE_LIMITED with the time the next one is allowed. */
  async consume(actor: Actor, creatorId: string): Promise<{ counted: boolean }> {
    if (await this.isUnlimited(actor, creatorId)) return { counted: false };
    const taken = await this.limits.consume(
      actor.userId,
      this.config.FREE_TIER_MESSAGES,
      this.config.FREE_TIER_WINDOW_SECONDS,
    );
    if (taken) return { counted: true };
    const state = await this.limits.find(actor.userId);
    throw ChatError.rateLimited(state?.resetTime.toISOString() ?? null);
  }

  refund(actor: Actor): Promise<void> {
    return this.limits.refund(actor.userId);
  }

  private async isUnlimited(actor: Actor, creatorId: string): Promise<boolean> {
    if (await this.flags.isEnabled(BYPASS_SUBSCRIPTIONS_FLAG, flagEnvironmentOf(this.config))) return true;
    try {
      const { active } = await this.client.request(Subjects.BillingSubscriptionGetActive, {
        userId: actor.userId,
        creatorId,
      });
      return active;
    } catch (error) {
      // Billing being down must not stop the free tier from working.
      this.logger.warn(`Subscription lookup failed, applying the free tier: ${(error as Error).message}`);
      return false;
    }
  }
}
