import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PostRetriever, postRetrieverFromConfig } from '@backtalk/ai';
import { IngestionConfig } from '../ingestion.config';
import { CreatorKnowledge } from '../knowledge/creator-knowledge';
import { KnowledgeIndexConsumer } from '../knowledge/knowledge-index.consumer';
import { ObjectStorageModule } from '../object-storage/object-storage.module';
import { PostEmbeddingEntity } from '../post-embedding/post-embedding.entity';
import { PostEmbeddingRepository } from '../post-embedding/post-embedding.repository';
import { IndexCreatorPosts } from './index-creator-posts.use-case';
import { PostIndexBuilder } from './post-index.builder';
import { PostIndexConsumer } from './post-index.consumer';
import { PostIndexReconcileJob } from './post-index-reconcile.job';
import { ReconcilePostIndex } from './reconcile-post-index.use-case';

const logger = new Logger('PostIndex');

@Module({
  imports: [TypeOrmModule.forFeature([PostEmbeddingEntity]), ObjectStorageModule],
  providers: [
    {
      provide: PostRetriever,
      inject: [IngestionConfig],
      useFactory: (config: IngestionConfig) =>
        postRetrieverFromConfig(config, {
          info: (line) => logger.log(line),
          warn: (line) => logger.warn(line),
        }),
    },
    PostEmbeddingRepository,
    IndexCreatorPosts,
    PostIndexBuilder,
    PostIndexConsumer,
    CreatorKnowledge,
    KnowledgeIndexConsumer,
    ReconcilePostIndex,
    PostIndexReconcileJob,
  ],
  exports: [PostIndexBuilder, IndexCreatorPosts, PostRetriever],
})
export class PostIndexModule {}
