import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PostEntity } from '../post/post.entity';
import { PostRepository } from '../post/post.repository';
import { CreatorController } from './creator.controller';
import { CreatorEntity } from './creator.entity';
import { CreatorRepository } from './creator.repository';
import { CreatorPayments } from './creator-payments.reader';
import { AudienceController } from '../audience/audience.controller';
import { PersonaPauseController } from '../persona-pause/persona-pause.controller';
import { BoundaryModule } from '../boundary/boundary.module';

@Module({
  imports: [TypeOrmModule.forFeature([CreatorEntity, PostEntity]), BoundaryModule],
  controllers: [CreatorController, PersonaPauseController, AudienceController],
  providers: [CreatorRepository, PostRepository, CreatorPayments],
  exports: [CreatorRepository, PostRepository],
})
export class CreatorModule {}
