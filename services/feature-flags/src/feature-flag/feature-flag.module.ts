import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureFlagController } from './feature-flag.controller';
import { FeatureFlagEntity } from './feature-flag.entity';
import { FeatureFlagRepository } from './feature-flag.repository';
import { FeatureFlagService } from './feature-flag.service';

@Module({
  imports: [TypeOrmModule.forFeature([FeatureFlagEntity])],
  controllers: [FeatureFlagController],
  providers: [FeatureFlagRepository, FeatureFlagService],
})
export class FeatureFlagModule {}
