import { Module } from '@nestjs/common';
import { DurableQueueModule, RetentionModule } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { ChatRetention } from './chat-retention';
import { ChatRetentionRepository } from './chat-retention.repository';

/** Chat-inference's retention: deleted accounts' chats and expired free-tier counters (docs/retention.md). */
@Module({
  imports: [
    DurableQueueModule.forService(),
    RetentionModule.forService({
      plan: ChatRetention,
      accountDeleted: DurableSubjects.ChatInferenceAccountDeleted,
      providers: [ChatRetentionRepository],
    }),
  ],
})
export class ChatRetentionModule {}
