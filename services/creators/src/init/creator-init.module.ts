import { Module } from '@nestjs/common';
import { CreatorModule } from '../creator/creator.module';
import { CreatorInitController } from './creator-init.controller';
import { CreateDemoAccount } from './create-demo-account.use-case';
import { CreatorInitService } from './creator-init.service';

/** Creator initialisation runs and their statuses (docs/creators.md, "Initialisation pipeline"). */
@Module({
  imports: [CreatorModule],
  controllers: [CreatorInitController],
  providers: [CreatorInitService, CreateDemoAccount],
})
export class CreatorInitModule {}
