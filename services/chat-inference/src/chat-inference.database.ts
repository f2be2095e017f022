import { AccountErasureEntity, DurableMessageEntity, type ServiceDatabase } from '@backtalk/kit';
import { ConversationEntity } from './conversation/conversation.entity';
import { MessageEntity } from './conversation/message.entity';
import { FreeTierLimitReachedEntity } from './creator-funnel/free-tier-limit-reached.entity';
import { FreeTierCounterEntity } from './rate-limit/free-tier-counter.entity';
import { UserRateLimitEntity } from './rate-limit/user-rate-limit.entity';
import { ConversationWatchEntity, InboxConsentEntity } from './inbox/inbox.entity';
import { migrations } from './migrations';
import { ReplySampleEntity, ReplySamplingOptOutEntity } from './reply-samples/reply-samples.entity';
import { FanMemoryEntity, FanMemorySettingEntity } from './memory/memory.entity';
import { ReportEntity } from './reports/report.entity';
import { FanQuestionEntity, QuestionTopicEntity } from './insights/insights.entity';
import {
  FanBlockedMessageEntity,
  FanChatStandingEntity,
  HiddenMessageEntity,
  PersonaPauseEntity,
} from './reports/chat-standing.entity';

export const chatInferenceDatabase: ServiceDatabase = {
  schema: 'chat_inference',
  entities: [
    ConversationEntity,
    MessageEntity,
    UserRateLimitEntity,
    FreeTierCounterEntity,
    // Retention (docs/retention.md): deleted accounts to erase, and the standalone durable queue they arrive by.
    AccountErasureEntity,
    DurableMessageEntity,
    FreeTierLimitReachedEntity,
    // Reports and fans' chat standing (docs/safety.md, "Reports").
    ReportEntity,
    FanChatStandingEntity,
    FanBlockedMessageEntity,
    PersonaPauseEntity,
    HiddenMessageEntity,
    // What personas remember about fans, and fans' memory switches (issue 24 item 2).
    FanMemoryEntity,
    FanMemorySettingEntity,
    // Fan questions and their topics: insights and video ideas (docs/insights.md).
    FanQuestionEntity,
    QuestionTopicEntity,
    // In-person replies: the fans' consents and their open chats (issue 23 item 5).
    InboxConsentEntity,
    ConversationWatchEntity,
    // Sampled replies for the creator's review, and fans' opt-outs (issue 23 item 4).
    ReplySampleEntity,
    ReplySamplingOptOutEntity,
  ],
  migrations,
};
