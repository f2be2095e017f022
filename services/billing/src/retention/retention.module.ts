import { Module } from '@nestjs/common';
import { RetentionModule } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { StripeModule } from '../stripe/stripe.module';
import { BillingRetention } from './billing-retention';
import { BillingRetentionRepository } from './billing-retention.repository';

/** Billing's retention: deleted accounts' payment records (docs/retention.md). */
@Module({
  imports: [
    RetentionModule.forService({
      plan: BillingRetention,
      accountDeleted: DurableSubjects.BillingAccountDeleted,
      imports: [StripeModule],
      providers: [BillingRetentionRepository],
    }),
  ],
})
export class BillingRetentionModule {}
