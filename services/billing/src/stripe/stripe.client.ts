import { Injectable, Logger } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import type Stripe from 'stripe';
import { BillingConfig } from '../billing.config';
import { onboardingCompleteOf } from '../stripe-account/onboarding-status';

/**
 * The SDK, loaded when a secret key is configured: the standalone default has none, and loading
 * `stripe` costs some 150 ms of CPU at every start (docs/benchmarks.md, "Issue 8 against the
 * 2026-11-21 build"). `require`, not `import()`: `import()` would load its ES module build.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
const stripeSdk = (): typeof Stripe => require('stripe') as typeof Stripe;

/** The product every creator's monthly price belongs to (spec §9). */
const SUBSCRIPTION_PRODUCT_NAME = 'Premium Chat Subscription';

export interface CheckoutSessionInput {
  customerId: string;
  priceId: string;
  connectedAccountId: string;
  userId: string;
  creatorId: string;
  successUrl: string;
  cancelUrl: string;
}

/** One subscriber's move to a new price at a renewal (StripeClient.schedulePriceMove). */
export interface PriceMoveInput {
  subscriptionId: string;
  /** Our schedule of this subscription from an earlier change, if any. */
  scheduleId: string | null;
  effectiveAt: Date;
  priceId: string;
  connectedAccountId: string;
  /** The price change's id: a retried move makes and updates the same schedule. */
  idempotencyKey: string;
}

/**
 * Billing's one door to Stripe: the `stripe` SDK with the platform's secret key, pointed at
 * stripe-mock by STRIPE_API_* in tests. Without a key every call answers PAYMENTS_NOT_CONFIGURED,
 * and Stripe's own errors become STRIPE_FAILED here, where they enter.
 */
@Injectable()
export class StripeClient {
  private readonly logger = new Logger(StripeClient.name);
  private readonly stripe: Stripe | null;

  constructor(private readonly config: BillingConfig) {
    const key = config.STRIPE_SECRET_KEY;
    this.stripe = key
      ? new (stripeSdk())(key, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
          ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
          ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
        })
      : null;
  }

  get configured(): boolean {
    return this.stripe !== null;
  }

  /** The key is a test-mode key: no real money moves (demo creators may be given an account). */
  get testMode(): boolean {
    return /^(sk|rk)_test_/.test(this.config.STRIPE_SECRET_KEY ?? '');
  }

  /** Throws PAYMENTS_NOT_CONFIGURED when there is no key, before anything else is looked at. */
  assertConfigured(): void {
    if (!this.stripe) throw new ServiceError(ErrorCode.PaymentsNotConfigured);
  }

  /** A Connect Express account; the creator id as idempotency key makes a retried create return the same one. */
  createExpressAccount(creatorId: string): Promise<string> {
    return this.call('accounts.create', async (stripe) => {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { creatorId },
        },
        { idempotencyKey: `backtalk-connect-account-${creatorId}` },
      );
      return account.id;
    });
  }

  /**
   * A demo creator's connected account, test mode only (docs/billing.md, "Demo creators"): a
   * platform-controlled (Custom) account filled with Stripe's test-mode values that pass
   * verification at once (date of birth 1901-01-01, address_full_match, id 000000000, the
   * verified test bank account), so Checkout can pay it without anyone onboarding a fictional person.
   */
  createDemoAccount(creatorId: string): Promise<string> {
    if (!this.testMode) return Promise.reject(new Error('demo accounts are made with a test-mode key only'));
    return this.call('accounts.create', async (stripe) => {
      const account = await stripe.accounts.create(
        {
          type: 'custom',
          country: 'US',
          business_type: 'individual',
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          business_profile: {
            mcc: '5815',
            url: 'https://backtalk.example/demo',
            product_description: 'Demo creator',
          },
          individual: {
            first_name: 'Demo',
            last_name: 'Creator',
            email: 'demo.creator@example.com',
            phone: '0000000000',
            dob: { day: 1, month: 1, year: 1901 },
            id_number: '000000000',
            address: {
              line1: 'address_full_match',
              city: 'San Francisco',
              state: 'CA',
              postal_code: '94103',
              country: 'US',
            },
          },
          external_account: 'btok_us_verified',
          tos_acceptance: { date: Math.floor(Date.now() / 1000), ip: '127.0.0.1' },
          metadata: { creatorId, demo: 'true' },
        },
        { idempotencyKey: `backtalk-demo-account-${creatorId}` },
      );
      return account.id;
    });
  }

  createOnboardingLink(accountId: string, refreshUrl: string, returnUrl: string): Promise<string> {
    return this.call('accountLinks.create', async (stripe) => {
      const link = await stripe.accountLinks.create({
        account: accountId,
        refresh_url: refreshUrl,
        return_url: returnUrl,
        type: 'account_onboarding',
      });
      return link.url;
    });
  }

  /** Spec §4: whether the account's onboarding is complete (onboarding-status.ts). */
  isOnboardingComplete(accountId: string): Promise<boolean> {
    return this.call('accounts.retrieve', async (stripe) => {
      const account = await stripe.accounts.retrieve(accountId);
      return onboardingCompleteOf({
        charges_enabled: account.charges_enabled === true,
        details_submitted: account.details_submitted === true,
      });
    });
  }

  createDashboardLink(accountId: string): Promise<string> {
    return this.call('accounts.createLoginLink', async (stripe) => {
      const link = await stripe.accounts.createLoginLink(accountId);
      return link.url;
    });
  }

  createCustomer(userId: string): Promise<string> {
    return this.call('customers.create', async (stripe) => {
      const customer = await stripe.customers.create(
        { metadata: { userId } },
        { idempotencyKey: `backtalk-customer-${userId}` },
      );
      return customer.id;
    });
  }

  /** The creator's product (made once) and a monthly usd price of `amount` cents on the platform account. */
  createMonthlyPrice(
    creatorId: string,
    amount: number,
    productId: string | null,
  ): Promise<{ productId: string; priceId: string }> {
    return this.call('prices.create', async (stripe) => {
      const product =
        productId ??
        (
          await stripe.products.create(
            { name: SUBSCRIPTION_PRODUCT_NAME, metadata: { creatorId } },
            { idempotencyKey: `backtalk-product-${creatorId}` },
          )
        ).id;
      const price = await stripe.prices.create({
        product,
        currency: 'usd',
        unit_amount: amount,
        recurring: { interval: 'month' },
        metadata: { creatorId },
      });
      return { productId: product, priceId: price.id };
    });
  }

  /**
   * Checkout in subscription mode as a destination charge: the platform keeps
   * PLATFORM_FEE_PERCENT as the application fee, the rest goes to the creator's account.
   * userId and creatorId ride on the session and on the subscription, for the webhooks.
   */
  createCheckoutSession(input: CheckoutSessionInput): Promise<string> {
    const metadata = { userId: input.userId, creatorId: input.creatorId };
    return this.call('checkout.sessions.create', async (stripe) => {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: input.priceId, quantity: 1 }],
        metadata,
        subscription_data: {
          application_fee_percent: this.config.PLATFORM_FEE_PERCENT,
          transfer_data: { destination: input.connectedAccountId },
          metadata,
        },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a Checkout session without a url');
      return session.url;
    });
  }

  /**
   * Ends a subscription at once, with no further invoice: a deleted account's, or one to a creator
   * whose account was deleted (docs/retention.md). One Stripe no longer has counts as ended.
   */
  cancelSubscription(subscriptionId: string): Promise<void> {
    return this.call('subscriptions.cancel', async (stripe) => {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (error) {
        if ((error as { code?: string }).code !== 'resource_missing') throw error;
      }
    });
  }

  /**
   * Moves a subscription to `priceId` at `effectiveAt` (a renewal: docs/billing.md, "Price changes
   * with notice") through a subscription schedule: the phase running now keeps its items, fee and
   * transfer until `effectiveAt`; the next phase charges the new price with the platform fee and the
   * creator's transfer, without proration; then the schedule releases the subscription, which goes on
   * at the new price. A subscription already under one of our schedules (an earlier change) has that
   * schedule's later phases replaced. Answers the schedule's id.
   */
  schedulePriceMove(input: PriceMoveInput): Promise<string> {
    return this.call('subscriptionSchedules.update', async (stripe) => {
      const schedule = input.scheduleId
        ? await stripe.subscriptionSchedules.retrieve(input.scheduleId)
        : await stripe.subscriptionSchedules.create(
            { from_subscription: input.subscriptionId },
            { idempotencyKey: `backtalk-schedule-${input.subscriptionId}-${input.idempotencyKey}` },
          );
      const now = Math.floor(Date.now() / 1000);
      const running =
        schedule.phases.find((phase) => phase.start_date <= now && now < phase.end_date) ??
        schedule.phases[0];
      if (!running) throw new Error(`Stripe returned subscription schedule ${schedule.id} without phases`);
      const idOf = (value: string | { id: string }): string => (typeof value === 'string' ? value : value.id);
      const transfer = { destination: input.connectedAccountId };
      const updated = await stripe.subscriptionSchedules.update(
        schedule.id,
        {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: [
            {
              items: running.items.map((item) => ({ price: idOf(item.price), quantity: item.quantity ?? 1 })),
              start_date: running.start_date,
              end_date: Math.floor(input.effectiveAt.getTime() / 1000),
              application_fee_percent: running.application_fee_percent ?? this.config.PLATFORM_FEE_PERCENT,
              transfer_data: transfer,
              proration_behavior: 'none',
            },
            {
              items: [{ price: input.priceId, quantity: 1 }],
              duration: { interval: 'month', interval_count: 1 },
              application_fee_percent: this.config.PLATFORM_FEE_PERCENT,
              transfer_data: transfer,
              proration_behavior: 'none',
            },
          ],
          metadata: { priceChangeId: input.idempotencyKey },
        },
        { idempotencyKey: `backtalk-schedule-update-${input.subscriptionId}-${input.idempotencyKey}` },
      );
      return updated.id;
    });
  }

  createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    return this.call('billingPortal.sessions.create', async (stripe) => {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    });
  }

  private async call<T>(operation: string, run: (stripe: Stripe) => Promise<T>): Promise<T> {
    this.assertConfigured();
    try {
      return await run(this.stripe!);
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      const stripeError = error instanceof stripeSdk().errors.StripeError ? error : undefined;
      this.logger.warn(
        `Stripe ${operation} failed: ${stripeError ? `${stripeError.type} ${stripeError.code ?? ''} ${stripeError.message}` : String(error)}`,
      );
      throw new ServiceError(ErrorCode.StripeFailed, undefined, {
        operation,
        ...(stripeError?.code ? { stripeCode: stripeError.code } : {}),
      });
    }
  }
}
