import { Module } from '@nestjs/common';
import { FeatureFlagReader } from '@backtalk/kit';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorFunnelModule } from '../creator-funnel/creator-funnel.module';
import { MemoryModule } from '../memory/memory.module';
import { PersonaModule } from '../persona/persona.module';
import { FreeTierCounterEntity } from '../rate-limit/free-tier-counter.entity';
import { FreeTierCounterRepository } from '../rate-limit/free-tier-counter.repository';
import { FreeTierService } from '../rate-limit/free-tier.service';
import { UserRateLimitEntity } from '../rate-limit/user-rate-limit.entity';
import { UserRateLimitRepository } from '../rate-limit/user-rate-limit.repository';
import { ReportsModule } from '../reports/reports.module';
import { InsightsModule } from '../insights/insights.module';
import { InboxModule } from '../inbox/inbox.module';
import { ReplySamplesModule } from '../reply-samples/reply-samples.module';
import { ChatModeration, moderatorProvider } from '../safety/chat-moderation';
import { boundaryJudgeProvider } from '../safety/boundary-check';
import { BoundaryPreview } from '../safety/boundary-preview';
import { BoundaryPreviewController } from '../safety/boundary-preview.controller';
import { PersonaPreview } from '../preview/persona-preview';
import { PersonaPreviewController } from '../preview/persona-preview.controller';
import { ConversationController } from './conversation.controller';
import { ConversationEntity } from './conversation.entity';
import { ConversationRepository } from './conversation.repository';
import { InterruptedReplies } from './interrupted-replies';
import { LiveReplies } from './live-replies';
import { AttachReply } from './attach-reply.use-case';
import { MessageEntity } from './message.entity';
import { MessageRepository } from './message.repository';
import { ReplyProgressWriter } from './reply-progress';
import { SendAdmission } from './send-admission';
import { SendMessage } from './send-message.use-case';

@Module({
  imports: [
    TypeOrmModule.forFeature([ConversationEntity, MessageEntity, UserRateLimitEntity, FreeTierCounterEntity]),
    PersonaModule,
    CreatorFunnelModule,
    ReportsModule,
    InsightsModule,
    MemoryModule,
    InboxModule,
    ReplySamplesModule,
  ],
  controllers: [ConversationController, BoundaryPreviewController, PersonaPreviewController],
  providers: [
    ConversationRepository,
    MessageRepository,
    ReplyProgressWriter,
    LiveReplies,
    AttachReply,
    UserRateLimitRepository,
    FreeTierCounterRepository,
    FreeTierService,
    FeatureFlagReader,
    SendMessage,
    SendAdmission,
    ChatModeration,
    moderatorProvider,
    InterruptedReplies,
    boundaryJudgeProvider,
    BoundaryPreview,
    PersonaPreview,
  ],
})
export class ConversationModule {}
