import { Module } from '@nestjs/common';
import { Clock, DurableQueueModule } from '@backtalk/kit';
import { CreatorsRetention } from './creators-retention';

/** Creators' retention: cancelled creators' content and verification keys (docs/retention.md). */
@Module({
  imports: [DurableQueueModule.forService()],
  providers: [Clock, CreatorsRetention],
})
export class CreatorsRetentionModule {}
