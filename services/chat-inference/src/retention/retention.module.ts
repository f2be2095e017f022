import { Module } from '@nestjs/common';
import { DurableQueueModule, RetentionModule } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { ChatRetention } from './chat-retention';

/** Chat-inference's retention: deleted accounts' chats and expired free-tier counters (docs/retention.md). */
@Module({
  imports: [
    DurableQueueModule.forService(),
    RetentionModule.forService({
      plan: ChatRetention,
      accountDeleted: DurableSubjects.ChatInferenceAccountDeleted,
    }),
  ],
})
export class ChatRetentionModule {}
