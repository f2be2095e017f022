import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorModule } from '../creator/creator.module';
import { CreatorInitStatusEntity } from '../init-status/creator-init-status.entity';
import { CreatorInitStatusRepository } from '../init-status/creator-init-status.repository';
import { CreatorInitController } from './creator-init.controller';
import { CreateDemoAccount } from './create-demo-account.use-case';
import { CreatorInitService } from './creator-init.service';

/** Creator initialisation runs and their statuses (docs/creators.md, "Initialisation pipeline"). */
@Module({
  imports: [CreatorModule, TypeOrmModule.forFeature([CreatorInitStatusEntity])],
  controllers: [CreatorInitController],
  providers: [CreatorInitStatusRepository, CreatorInitService, CreateDemoAccount],
})
export class CreatorInitModule {}
