import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ServiceError } from '@backtalk/kit';
import { ErrorCode, type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { StripeCustomerRepository } from '../stripe-account/stripe-customer.repository';
import { StripeClient } from '../stripe/stripe.client';
import { CheckoutUseCase } from './checkout.use-case';

@Controller()
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutUseCase,
    private readonly customers: StripeCustomerRepository,
    private readonly stripe: StripeClient,
  ) {}

  @MessagePattern(Subjects.BillingCheckoutCreate)
  create(
    @Payload() { actor, creatorId, origin }: ParsedRequestOf<typeof Subjects.BillingCheckoutCreate>,
  ): Promise<ReplyOf<typeof Subjects.BillingCheckoutCreate>> {
    return this.checkout.execute(actor, creatorId, origin);
  }

  /** 'Manage Billing' (spec §6): the portal of the caller's own Stripe customer. */
  @MessagePattern(Subjects.BillingPortalCreate)
  async portal(
    @Payload() { actor, origin, returnPath }: ParsedRequestOf<typeof Subjects.BillingPortalCreate>,
  ): Promise<ReplyOf<typeof Subjects.BillingPortalCreate>> {
    this.stripe.assertConfigured();
    const customer = await this.customers.findByUser(actor.userId);
    if (!customer) throw new ServiceError(ErrorCode.BillingCustomerNotFound);
    return {
      url: await this.stripe.createPortalSession(customer.stripeCustomerId, `${origin}${returnPath}`),
    };
  }
}
