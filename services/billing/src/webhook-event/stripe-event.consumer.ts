import { Injectable } from '@nestjs/common';
import { DurableHandler, type DurableHandlerOf } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { ApplyStripeEvent } from './apply-stripe-event.use-case';

/** Billing's durable consumer of the Stripe events the gateway verified and queued. */
@Injectable()
export class StripeEventConsumer {
  constructor(private readonly apply: ApplyStripeEvent) {}

  @DurableHandler(DurableSubjects.BillingStripeEventReceived)
  async handle(
    ...[event]: Parameters<DurableHandlerOf<typeof DurableSubjects.BillingStripeEventReceived>>
  ): Promise<void> {
    await this.apply.execute(event);
  }
}
