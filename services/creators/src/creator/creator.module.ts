import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PostEntity } from '../post/post.entity';
import { PostRepository } from '../post/post.repository';
import { CreatorController } from './creator.controller';
import { CreatorEntity } from './creator.entity';
import { CreatorRepository } from './creator.repository';

@Module({
  imports: [TypeOrmModule.forFeature([CreatorEntity, PostEntity])],
  controllers: [CreatorController],
  providers: [CreatorRepository, PostRepository],
  exports: [CreatorRepository, PostRepository],
})
export class CreatorModule {}
