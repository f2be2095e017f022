import { DynamicModule, Module } from '@nestjs/common';
import { DurableQueueModule, ServiceKitModule } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { CreatorsRetentionModule } from './retention/retention.module';
import { CreatorsConfig } from './creators.config';
import { creatorsDatabase } from './creators.database';
import { CreatorModule } from './creator/creator.module';
import { DiscoverModule } from './discover/discover.module';
import { DigestModule } from './digest/digest.module';
import { PersonaDraftModule } from './draft/persona-draft.module';
import { CreatorInitModule } from './init/creator-init.module';
import { DemoAccountsModule } from './demo-accounts/demo-accounts.module';
import { KnowledgeModule } from './knowledge/knowledge.module';
import { CreatorPromptModule } from './prompt/creator-prompt.module';
import { VerificationModule } from './verification-key/verification.module';

@Module({})
export class CreatorsModule {
  static register(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: CreatorsModule,
      imports: [
        ServiceKitModule.forService({
          name: 'creators',
          config: CreatorsConfig,
          database: creatorsDatabase,
          healthSubject: Subjects.CreatorsHealthCheck,
          env,
        }),
        DurableQueueModule.forService(),
        CreatorModule,
        DiscoverModule,
        DigestModule,
        CreatorInitModule,
        DemoAccountsModule,
        VerificationModule,
        CreatorPromptModule,
        PersonaDraftModule,
        KnowledgeModule,
        CreatorsRetentionModule,
      ],
    };
  }
}
