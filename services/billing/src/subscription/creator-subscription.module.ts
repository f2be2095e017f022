import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorSubscriptionController } from './creator-subscription.controller';
import { CreatorSubscriptionEntity } from './creator-subscription.entity';
import { CreatorSubscriptionRepository } from './creator-subscription.repository';

@Module({
  imports: [TypeOrmModule.forFeature([CreatorSubscriptionEntity])],
  controllers: [CreatorSubscriptionController],
  providers: [CreatorSubscriptionRepository],
  exports: [CreatorSubscriptionRepository],
})
export class CreatorSubscriptionModule {}
