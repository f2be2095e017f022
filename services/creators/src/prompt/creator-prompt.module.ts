import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorModule } from '../creator/creator.module';
import { CreatorPromptController } from './creator-prompt.controller';
import { CreatorPromptService } from './creator-prompt.service';
import { CreatorPromptVersionEntity } from './creator-prompt-version.entity';
import { CreatorPromptVersionRepository } from './creator-prompt-version.repository';

@Module({
  imports: [TypeOrmModule.forFeature([CreatorPromptVersionEntity]), CreatorModule],
  controllers: [CreatorPromptController],
  providers: [CreatorPromptService, CreatorPromptVersionRepository],
})
export class CreatorPromptModule {}
