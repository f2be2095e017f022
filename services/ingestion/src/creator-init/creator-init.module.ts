import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentModule } from '../content/content.module';
import { IngestJobEntity } from '../ingest-job/ingest-job.entity';
import { IngestJobRepository } from '../ingest-job/ingest-job.repository';
import { MediaObjectEntity } from '../media-object/media-object.entity';
import { MediaObjectRepository } from '../media-object/media-object.repository';
import { ObjectStorageModule } from '../object-storage/object-storage.module';
import { PostIndexModule } from '../post-index/post-index.module';
import { CreatorIngestJob } from './creator-ingest.job';
import { essenceModelProvider } from './essence-model.provider';
import { EssenceTestController } from './essence-test.controller';
import { MediaController } from './media.controller';
import { ResyncRoundController } from './resync-round.controller';
import { ResyncRounds } from './resync-rounds';
import { ResyncScheduler } from './resync.scheduler';

/** The creator ingestion jobs: initialisation (13 statuses) and re-sync (docs/creators.md). */
@Module({
  imports: [
    TypeOrmModule.forFeature([IngestJobEntity, MediaObjectEntity]),
    ContentModule,
    ObjectStorageModule,
    PostIndexModule,
  ],
  controllers: [MediaController, EssenceTestController, ResyncRoundController],
  providers: [
    essenceModelProvider,
    IngestJobRepository,
    MediaObjectRepository,
    CreatorIngestJob,
    ResyncRounds,
    ResyncScheduler,
  ],
})
export class CreatorInitModule {}
