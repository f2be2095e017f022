import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BoundaryModule } from '../boundary/boundary.module';
import { CreatorEntity } from '../creator/creator.entity';
import { CreatorRepository } from '../creator/creator.repository';
import { CreatorPromptVersionEntity } from '../prompt/creator-prompt-version.entity';
import { CreatorPromptVersionRepository } from '../prompt/creator-prompt-version.repository';
import { PersonaDraftController } from './persona-draft.controller';
import { PersonaDraftEntity } from './persona-draft.entity';
import { PersonaDraftRepository } from './persona-draft.repository';
import { PersonaDraftService } from './persona-draft.service';

/** Drafts, preview and publish (docs/creators.md). */
@Module({
  imports: [
    TypeOrmModule.forFeature([PersonaDraftEntity, CreatorEntity, CreatorPromptVersionEntity]),
    BoundaryModule,
  ],
  controllers: [PersonaDraftController],
  providers: [PersonaDraftService, PersonaDraftRepository, CreatorRepository, CreatorPromptVersionRepository],
})
export class PersonaDraftModule {}
