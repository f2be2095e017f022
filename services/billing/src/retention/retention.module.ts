import { Module } from '@nestjs/common';
import { Clock } from '@backtalk/kit';
import { StripeModule } from '../stripe/stripe.module';
import { BillingRetention } from './billing-retention';

/** Billing's retention: deleted accounts' payment records (docs/retention.md). */
@Module({ imports: [StripeModule], providers: [Clock, BillingRetention] })
export class BillingRetentionModule {}
