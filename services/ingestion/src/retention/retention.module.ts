import { Module } from '@nestjs/common';
import { RetentionModule } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { ContentModule } from '../content/content.module';
import { ObjectStorageModule } from '../object-storage/object-storage.module';
import { PostIndexModule } from '../post-index/post-index.module';
import { TikTokModule } from '../tiktok/tiktok.module';
import { IngestionRetention } from './ingestion-retention';
import { IngestionRetentionRepository } from './ingestion-retention.repository';

/** Ingestion's part of account deletion — connections at once, creator data after its term — and its dead letters (docs/retention.md). */
@Module({
  imports: [
    RetentionModule.forService({
      plan: IngestionRetention,
      accountDeleted: DurableSubjects.IngestionAccountDeleted,
      imports: [ContentModule, TikTokModule, ObjectStorageModule, PostIndexModule],
      providers: [IngestionRetentionRepository],
    }),
  ],
})
export class IngestionRetentionModule {}
