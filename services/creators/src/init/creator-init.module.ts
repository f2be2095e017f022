import { Module } from '@nestjs/common';
import { CreatorModule } from '../creator/creator.module';
import { CreatorInitController } from './creator-init.controller';
import { CreatorInitService } from './creator-init.service';

/** Creator initialisation runs and their statuses (docs/creators.md, "Initialisation pipeline"). */
@Module({
  imports: [CreatorModule],
  controllers: [CreatorInitController],
  providers: [CreatorInitService],
})
export class CreatorInitModule {}
