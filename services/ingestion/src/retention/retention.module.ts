import { Module } from '@nestjs/common';
import { ContentModule } from '../content/content.module';
import { TikTokModule } from '../tiktok/tiktok.module';
import { AccountErasure } from './account-erasure';

/** Ingestion's part of account deletion (docs/retention.md). */
@Module({
  imports: [ContentModule, TikTokModule],
  providers: [AccountErasure],
})
export class IngestionRetentionModule {}
