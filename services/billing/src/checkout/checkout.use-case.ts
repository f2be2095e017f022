import { Injectable } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import type { Actor, RedirectReply } from '@backtalk/proto';
import { CreatorDirectory } from '../creators/creator-directory';
import { CreatorPriceRepository } from '../price/creator-price.repository';
import { StripeAccountRepository } from '../stripe-account/stripe-account.repository';
import { StripeCustomerRepository } from '../stripe-account/stripe-customer.repository';
import { CreatorSubscriptionRepository } from '../subscription/creator-subscription.repository';
import { StripeClient } from '../stripe/stripe.client';
import { checkoutPrecondition } from './checkout-precondition';
import { needsDemoAccount } from './demo-account-plan';

/**
 * 'Subscribe' (spec §4 Subscription modal, §5 payment rules): a Checkout session in
 * subscription mode for the creator's monthly price, paid to their connected account less
 * the platform fee, once checkoutPrecondition allows it. The fan's Stripe customer and the
 * creator's Stripe price are made on first use and kept; so is a demo creator's connected account
 * on a test-mode key (needsDemoAccount), so the first run's journey can end in a test subscription.
 */
@Injectable()
export class CheckoutUseCase {
  constructor(
    private readonly creators: CreatorDirectory,
    private readonly accounts: StripeAccountRepository,
    private readonly prices: CreatorPriceRepository,
    private readonly customers: StripeCustomerRepository,
    private readonly subscriptions: CreatorSubscriptionRepository,
    private readonly stripe: StripeClient,
  ) {}

  async execute(actor: Actor, creatorId: string, origin: string): Promise<RedirectReply> {
    const creator = await this.creators.creator(creatorId);
    const [stored, price, active] = await Promise.all([
      this.accounts.findByCreator(creator.id),
      this.prices.findByCreator(creator.id),
      this.subscriptions.findActive(actor.userId, creator.id),
    ]);
    const facts = {
      demoAccount: creator.demoAccount,
      paymentsConfigured: this.stripe.configured,
      testMode: this.stripe.testMode,
      hasAccount: stored !== null,
    };
    // A signed-in fan's first Subscribe to a demo creator on a test-mode key gives it an account.
    const account =
      actor.userType === 'authenticated' && needsDemoAccount(facts)
        ? await this.accounts.saveFirst(creator.id, await this.stripe.createDemoAccount(creator.id), {
            onboardingComplete: true,
          })
        : stored;
    const verdict = checkoutPrecondition({
      signedIn: actor.userType === 'authenticated',
      paymentsConfigured: this.stripe.configured,
      account,
      pricePerSubscription: price.pricePerSubscription,
      alreadySubscribed: active !== null,
    });
    if (!verdict.ok) throw new ServiceError(verdict.code, verdict.message);
    let priceId = price.stripePriceId;
    if (!priceId) {
      const made = await this.stripe.createMonthlyPrice(
        creator.id,
        price.pricePerSubscription,
        price.stripeProductId,
      );
      await this.prices.recordStripePrice(
        creator.id,
        price.pricePerSubscription,
        made.productId,
        made.priceId,
      );
      priceId = made.priceId;
    }
    const customer =
      (await this.customers.findByUser(actor.userId)) ??
      (await this.customers.saveFirst(actor.userId, await this.stripe.createCustomer(actor.userId)));
    const url = await this.stripe.createCheckoutSession({
      customerId: customer.stripeCustomerId,
      priceId,
      connectedAccountId: verdict.account.stripeAccountId,
      userId: actor.userId,
      creatorId: creator.id,
      successUrl: `${origin}/?section=stripe&refresh=true`,
      cancelUrl: `${origin}/?section=ai-chat`,
    });
    return { url };
  }
}
