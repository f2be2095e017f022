import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CONTENT_PROVIDERS, type ContentProvider } from './content-provider';
import { ContentController } from './content.controller';
import { CreatorDataController } from './creator-data.controller';
import { DataExportContentProvider } from './data-export-content.provider';
import { DataExportProfileEntity } from './data-export-profile.entity';
import { DataExportProfileRepository } from './data-export-profile.repository';
import { FixtureContentProvider } from './fixture-content.provider';
import { TikTokApiContentProvider } from '../tiktok/tiktok-api-content.provider';
import { TikTokModule } from '../tiktok/tiktok.module';

/** The content provider port and its adapters, asked in this order. */
@Module({
  imports: [TypeOrmModule.forFeature([DataExportProfileEntity]), TikTokModule],
  controllers: [ContentController, CreatorDataController],
  providers: [
    DataExportProfileRepository,
    FixtureContentProvider,
    DataExportContentProvider,
    {
      provide: CONTENT_PROVIDERS,
      inject: [FixtureContentProvider, TikTokApiContentProvider, DataExportContentProvider],
      useFactory: (...providers: ContentProvider[]) => providers,
    },
  ],
  exports: [CONTENT_PROVIDERS, DataExportProfileRepository],
})
export class ContentModule {}
