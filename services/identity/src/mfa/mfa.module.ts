import { Module } from '@nestjs/common';
import { UserModule } from '../user/user.module';
import { ManageMfa } from './manage-mfa.use-case';
import { MfaFactorsModule } from './mfa-factors.module';
import { MfaController } from './mfa.controller';

@Module({
  imports: [MfaFactorsModule, UserModule],
  controllers: [MfaController],
  providers: [ManageMfa],
})
export class MfaModule {}
