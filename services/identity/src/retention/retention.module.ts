import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock, DurableQueueModule } from '@backtalk/kit';
import { CredentialsModule } from '../account/credentials.module';
import { UserModule } from '../user/user.module';
import { AccountAnnouncer } from './account-announcer';
import { AccountDeletionController } from './account-deletion.controller';
import { AccountDeletionEntity } from './account-deletion.entity';
import { AccountDeletionRepository } from './account-deletion.repository';
import { DeleteAccount } from './delete-account.use-case';
import { IdentityRetentionJob } from './identity-retention.job';

/** Account deletion and identity's retention terms (docs/retention.md). */
@Module({
  imports: [
    TypeOrmModule.forFeature([AccountDeletionEntity]),
    CredentialsModule,
    UserModule,
    DurableQueueModule.forService(),
  ],
  controllers: [AccountDeletionController],
  providers: [Clock, AccountDeletionRepository, AccountAnnouncer, DeleteAccount, IdentityRetentionJob],
})
export class RetentionModule {}
