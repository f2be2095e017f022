import { Injectable, Logger } from '@nestjs/common';
import { DurableQueue, ServiceError } from '@backtalk/kit';
import {
  type Actor,
  ErrorCode,
  type OnboardingStartReply,
  type OnboardingStatusReply,
  type RedirectReply,
} from '@backtalk/proto';
import { CreatorDirectory } from '../creators/creator-directory';
import { StripeClient } from '../stripe/stripe.client';
import { announceCreatorPaymentChanged } from './chat-facts.announcement';
import { onboardingStatus, type StripeAccountCheck } from './onboarding-status';
import type { StripeAccountEntity } from './stripe-account.entity';
import { StripeAccountRepository } from './stripe-account.repository';

/**
 * Connect Express onboarding of the caller's own creator (spec §2 /creator/stripe-signup,
 * /return, /refresh; §4 Onboarding status). The creator is always the caller's, found through
 * creators, so an account id in a path only ever selects among the caller's own accounts.
 */
@Injectable()
export class OnboardingService {
  private readonly logger = new Logger(OnboardingService.name);

  constructor(
    private readonly creators: CreatorDirectory,
    private readonly accounts: StripeAccountRepository,
    private readonly stripe: StripeClient,
    private readonly queue: DurableQueue,
  ) {}

  /** 'Start Earning with Stripe': the creator's account (made once) and an onboarding link. */
  async start(actor: Actor, origin: string): Promise<OnboardingStartReply> {
    const creator = await this.creators.ownCreator(actor);
    this.stripe.assertConfigured();
    const account =
      (await this.accounts.findByCreator(creator.id)) ??
      (await this.accounts.saveFirst(creator.id, await this.stripe.createExpressAccount(creator.id)));
    return { accountId: account.stripeAccountId, url: await this.link(account, origin) };
  }

  /**
   * /refresh/{accountId}: a new link, for the caller's own account only. A caller who is no creator
   * is told what they would be told for another creator's account (the page shows the reason; 'this
   * creator was not found, check the handle' would name the wrong thing there).
   */
  async refreshLink(actor: Actor, accountId: string, origin: string): Promise<RedirectReply> {
    const account = await this.ownAccount(actor).catch((error: unknown) => {
      const notCreator = error instanceof ServiceError && error.code === ErrorCode.CreatorNotFound;
      throw notCreator ? new ServiceError(ErrorCode.StripeAccountNotFound) : error;
    });
    if (account.stripeAccountId !== accountId) throw new ServiceError(ErrorCode.StripeAccountNotFound);
    this.stripe.assertConfigured();
    return { url: await this.link(account, origin) };
  }

  /** Spec §4 onboarding status (onboarding-status.ts); Stripe is asked only when billing's records do not say. */
  async status(actor: Actor): Promise<OnboardingStatusReply> {
    const creator = await this.creators.ownCreator(actor);
    const account = await this.accounts.findByCreator(creator.id);
    const accountId = account?.stripeAccountId ?? null;
    const facts = { demoAccount: creator.demoAccount, account };
    const stored = onboardingStatus({ ...facts, stripe: null });
    if (!('askStripe' in stored)) return { ...stored, accountId };
    return {
      ...onboardingStatus({ ...facts, stripe: await this.askStripe(creator.id, stored.askStripe) }),
      accountId,
    };
  }

  /** Stripe's word on the account, recorded as of when it was asked (a later account.updated wins). */
  private async askStripe(creatorId: string, stripeAccountId: string): Promise<StripeAccountCheck> {
    const observedAt = new Date();
    try {
      const complete = await this.stripe.isOnboardingComplete(stripeAccountId);
      const recorded = await this.accounts.recordOnboarding({
        stripeAccountId,
        complete,
        observedAt,
        source: 'status-check',
      });
      // chat-inference's copies of the onboarding drop it; one not told is at most its TTL late.
      if (recorded === 'recorded') await announceCreatorPaymentChanged(this.queue, creatorId);
      return { complete };
    } catch (error) {
      const { message } = ServiceError.from(error);
      this.logger.warn(`Onboarding check of ${stripeAccountId} failed: ${message}`);
      return { failed: message };
    }
  }

  /** A login link to the creator's Express dashboard. */
  async dashboardLink(actor: Actor): Promise<RedirectReply> {
    const account = await this.ownAccount(actor);
    return { url: await this.stripe.createDashboardLink(account.stripeAccountId) };
  }

  private async ownAccount(actor: Actor): Promise<StripeAccountEntity> {
    const creator = await this.creators.ownCreator(actor);
    const account = await this.accounts.findByCreator(creator.id);
    if (!account) throw new ServiceError(ErrorCode.StripeAccountNotFound);
    return account;
  }

  private link(account: StripeAccountEntity, origin: string): Promise<string> {
    const id = encodeURIComponent(account.stripeAccountId);
    return this.stripe.createOnboardingLink(
      account.stripeAccountId,
      `${origin}/refresh/${id}`,
      `${origin}/return/${id}`,
    );
  }
}
