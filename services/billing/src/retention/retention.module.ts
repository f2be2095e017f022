import { Module } from '@nestjs/common';
import { Clock } from '@backtalk/kit';
import { BillingRetention } from './billing-retention';

/** Billing's retention: deleted accounts' payment records (docs/retention.md). */
@Module({ providers: [Clock, BillingRetention] })
export class BillingRetentionModule {}
