import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TikTokApiContentProvider } from './tiktok-api-content.provider';
import { TikTokApiClient } from './tiktok-api.client';
import { TikTokAuthorizationEntity, TikTokConnectionEntity } from './tiktok-connection.entity';
import { TikTokConnectionRepository } from './tiktok-connection.repository';
import { TikTokConnections } from './tiktok-connections';
import { TikTokController } from './tiktok.controller';

/** The official TikTok API content provider: Login Kit connections and the Display API reads. */
@Module({
  imports: [TypeOrmModule.forFeature([TikTokConnectionEntity, TikTokAuthorizationEntity])],
  controllers: [TikTokController],
  providers: [TikTokApiClient, TikTokConnectionRepository, TikTokConnections, TikTokApiContentProvider],
  exports: [TikTokApiContentProvider, TikTokConnections],
})
export class TikTokModule {}
