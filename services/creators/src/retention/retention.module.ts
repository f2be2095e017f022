import { Module } from '@nestjs/common';
import { DurableQueueModule, RetentionModule } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { CreatorsRetention } from './creators-retention';
import { CreatorsRetentionRepository } from './creators-retention.repository';

/** Creators' retention: cancelled creators' content and verification keys (docs/retention.md). */
@Module({
  imports: [
    DurableQueueModule.forService(),
    RetentionModule.forService({
      plan: CreatorsRetention,
      accountDeleted: DurableSubjects.CreatorsAccountDeleted,
      providers: [CreatorsRetentionRepository],
    }),
  ],
})
export class CreatorsRetentionModule {}
