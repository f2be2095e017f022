import { DynamicModule, Module } from '@nestjs/common';
import { DurableQueueModule, ServiceKitModule } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { IngestionConfig } from './ingestion.config';
import { ingestionDatabase } from './ingestion.database';
import { ContentModule } from './content/content.module';
import { IngestionRetentionModule } from './retention/retention.module';
import { CreatorInitModule } from './creator-init/creator-init.module';
import { PostIndexModule } from './post-index/post-index.module';

@Module({})
export class IngestionModule {
  static register(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: IngestionModule,
      imports: [
        ServiceKitModule.forService({
          name: 'ingestion',
          config: IngestionConfig,
          database: ingestionDatabase,
          healthSubject: Subjects.IngestionHealthCheck,
          env,
        }),
        DurableQueueModule.forService(),
        PostIndexModule,
        ContentModule,
        CreatorInitModule,
        IngestionRetentionModule,
      ],
    };
  }
}
