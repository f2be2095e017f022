import { Module } from '@nestjs/common';
import { RetentionModule } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { ContentModule } from '../content/content.module';
import { TikTokModule } from '../tiktok/tiktok.module';
import { IngestionRetention } from './ingestion-retention';

/** Ingestion's part of account deletion, and its dead letters (docs/retention.md). */
@Module({
  imports: [
    RetentionModule.forService({
      plan: IngestionRetention,
      accountDeleted: DurableSubjects.IngestionAccountDeleted,
      imports: [ContentModule, TikTokModule],
    }),
  ],
})
export class IngestionRetentionModule {}
