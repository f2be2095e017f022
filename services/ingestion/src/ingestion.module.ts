import { DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { IngestionConfig } from './ingestion.config';
import { ingestionDatabase } from './ingestion.database';
import { ContentModule } from './content/content.module';
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
        PostIndexModule,
        ContentModule,
      ],
    };
  }
}
