import { Module } from '@nestjs/common';
import { Clock, DurableQueueModule } from '@backtalk/kit';
import { ChatRetention } from './chat-retention';

/** Chat-inference's retention: deleted accounts' chats and expired free-tier counters (docs/retention.md). */
@Module({
  imports: [DurableQueueModule.forService()],
  providers: [Clock, ChatRetention],
})
export class ChatRetentionModule {}
