import { DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { ChatInferenceConfig } from './chat-inference.config';
import { chatInferenceDatabase } from './chat-inference.database';
import { ConversationModule } from './conversation/conversation.module';
import { ChatRetentionModule } from './retention/retention.module';
import { GuestDataModule } from './guest-data/guest-data.module';
import { InboxModule } from './inbox/inbox.module';
import { ReportsModule } from './reports/reports.module';
import { ChatWeekFiguresModule } from './digest/week-figures.module';
import { TextLibrariesWarmup } from './language/text-libraries';

@Module({})
export class ChatInferenceModule {
  static register(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: ChatInferenceModule,
      imports: [
        ServiceKitModule.forService({
          name: 'chat-inference',
          config: ChatInferenceConfig,
          database: chatInferenceDatabase,
          healthSubject: Subjects.ChatInferenceHealthCheck,
          env,
        }),
        ConversationModule,
        GuestDataModule,
        ChatRetentionModule,
        ReportsModule,
        ChatWeekFiguresModule,
        InboxModule,
      ],
      providers: [TextLibrariesWarmup],
    };
  }
}
