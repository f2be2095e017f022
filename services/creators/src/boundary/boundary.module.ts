import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorEntity } from '../creator/creator.entity';
import { CreatorRepository } from '../creator/creator.repository';
import { BoundaryController } from './boundary.controller';
import { BoundaryEntity } from './boundary.entity';
import { BoundaryRepository } from './boundary.repository';

/** Creator boundaries (docs/safety.md, "Creator boundaries"): the routes, and the list persona.get adds. */
@Module({
  imports: [TypeOrmModule.forFeature([BoundaryEntity, CreatorEntity])],
  controllers: [BoundaryController],
  providers: [BoundaryRepository, CreatorRepository],
  exports: [BoundaryRepository],
})
export class BoundaryModule {}
