import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DurableQueueModule, RetentionModule as KitRetentionModule } from '@backtalk/kit';
import { CredentialsModule } from '../account/credentials.module';
import { UserModule } from '../user/user.module';
import { AccountAnnouncer } from './account-announcer';
import { AccountDeletionController } from './account-deletion.controller';
import { AccountDeletionEntity } from './account-deletion.entity';
import { AccountDeletionRepository } from './account-deletion.repository';
import { DeleteAccount } from './delete-account.use-case';
import { IdentityRetention } from './identity-retention';

/** Account deletion and identity's retention terms (docs/retention.md). */
@Module({
  imports: [
    KitRetentionModule.forService({
      plan: IdentityRetention,
      imports: [
        TypeOrmModule.forFeature([AccountDeletionEntity]),
        CredentialsModule,
        UserModule,
        DurableQueueModule.forService(),
      ],
      controllers: [AccountDeletionController],
      providers: [AccountDeletionRepository, AccountAnnouncer, DeleteAccount],
    }),
  ],
})
export class RetentionModule {}
