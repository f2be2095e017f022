import { Injectable, Optional } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { type ChatFactChanged, type PersonaGetReply, Subjects } from '@backtalk/proto';
import { ChatInferenceConfig } from '../chat-inference.config';
import { FACT_TTL_SECONDS, FactCache, factKey, subscriptionKey, subscriptionTrueUntil } from './fact-cache';

/**
 * This replica's copies of the facts a send reads from other services: creators' persona reply,
 * billing's creator payment onboarding and a fan's subscription to a creator (docs/architecture.md,
 * "Facts a send reads from other services"). Each is asked once and then held until the owner
 * announces a change (`changed`, from the durable announcements through the every-replica
 * `chat-inference.fact.changed`) or CHAT_FACTS_TTL_SECONDS pass, whichever is first.
 */
@Injectable()
export class ChatFacts {
  private readonly personas: FactCache<PersonaGetReply>;
  private readonly payments: FactCache<boolean>;
  private readonly subscriptions: FactCache<boolean>;

  constructor(
    private readonly client: ServiceClient,
    // Optional for focused tests: the default TTL.
    @Optional() config?: ChatInferenceConfig,
  ) {
    const ttlMs = (config?.CHAT_FACTS_TTL_SECONDS ?? FACT_TTL_SECONDS) * 1000;
    this.personas = new FactCache(undefined, ttlMs);
    this.payments = new FactCache(undefined, ttlMs);
    this.subscriptions = new FactCache(undefined, ttlMs);
  }

  persona(creatorId: string): Promise<PersonaGetReply> {
    return this.personas.read(creatorId, () =>
      this.client.request(Subjects.CreatorsPersonaGet, { creatorId }),
    );
  }

  /** Billing owns the onboarding state (docs/architecture.md, "One owner per fact"). */
  onboardingComplete(creatorId: string): Promise<boolean> {
    return this.payments.read(creatorId, async () => {
      const { payments } = await this.client.request(Subjects.BillingCreatorPaymentGet, {
        creatorIds: [creatorId],
      });
      return payments[0]?.onboardingComplete ?? false;
    });
  }

  /** Whether the fan's subscription to the creator is active (the free tier asks again before refusing). */
  subscriptionActive(userId: string, creatorId: string): Promise<boolean> {
    let trueUntil: number | null = null;
    return this.subscriptions.read(
      subscriptionKey(userId, creatorId),
      async () => {
        const reply = await this.client.request(Subjects.BillingSubscriptionGetActive, { userId, creatorId });
        trueUntil = subscriptionTrueUntil(reply);
        return reply.active;
      },
      () => trueUntil,
    );
  }

  /** Billing's answer now, never a copy; it replaces the copy. */
  async subscriptionActiveNow(userId: string, creatorId: string): Promise<boolean> {
    const askedAt = Date.now();
    const reply = await this.client.request(Subjects.BillingSubscriptionGetActive, { userId, creatorId });
    this.subscriptions.put(
      subscriptionKey(userId, creatorId),
      reply.active,
      askedAt,
      subscriptionTrueUntil(reply),
    );
    return reply.active;
  }

  /** An owner announced a change: this replica's copy of it goes. */
  changed(change: ChatFactChanged): void {
    const cache =
      change.fact === 'persona'
        ? this.personas
        : change.fact === 'subscription'
          ? this.subscriptions
          : this.payments;
    cache.drop(factKey(change));
  }
}
