import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorEntity } from '../creator/creator.entity';
import { CreatorRepository } from '../creator/creator.repository';
import { PostEntity } from '../post/post.entity';
import { KnowledgeController } from './knowledge.controller';
import {
  CorrectedAnswerEntity,
  KnowledgeIndexEntity,
  KnowledgeNoteEntity,
  PostExclusionEntity,
} from './knowledge.entity';
import { KnowledgeRepository } from './knowledge.repository';

/** What the persona may know (docs/creators.md, "Knowledge"). */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      CorrectedAnswerEntity,
      KnowledgeNoteEntity,
      PostExclusionEntity,
      KnowledgeIndexEntity,
      CreatorEntity,
      PostEntity,
    ]),
  ],
  controllers: [KnowledgeController],
  providers: [KnowledgeRepository, CreatorRepository],
})
export class KnowledgeModule {}
