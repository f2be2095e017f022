import { Module } from '@nestjs/common';
import { RetentionModule } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { StripeModule } from '../stripe/stripe.module';
import { BillingRetention } from './billing-retention';

/** Billing's retention: deleted accounts' payment records (docs/retention.md). */
@Module({
  imports: [
    RetentionModule.forService({
      plan: BillingRetention,
      accountDeleted: DurableSubjects.BillingAccountDeleted,
      imports: [StripeModule],
    }),
  ],
})
export class BillingRetentionModule {}
