import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorModule } from '../creator/creator.module';
import { CreatorPromptController } from './creator-prompt.controller';
import { CreatorPromptService } from './creator-prompt.service';
import { CreatorPromptVersionEntity } from './creator-prompt-version.entity';
import { CreatorPromptVersionRepository } from './creator-prompt-version.repository';
import { DemoAccountPromptsController } from './demo-account-prompts.controller';
import { DemoAccountPromptsService } from './demo-account-prompts.service';

@Module({
  imports: [TypeOrmModule.forFeature([CreatorPromptVersionEntity]), CreatorModule],
  controllers: [CreatorPromptController, DemoAccountPromptsController],
  providers: [CreatorPromptService, DemoAccountPromptsService, CreatorPromptVersionRepository],
})
export class CreatorPromptModule {}
