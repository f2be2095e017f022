import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CredentialsModule } from '../account/credentials.module';
import { MfaFactors } from './mfa-factors';
import { MfaSettingsEntity } from './mfa-settings.entity';
import { MfaSettingsRepository } from './mfa-settings.repository';
import { TotpSecretCipher } from './totp-secret.cipher';

/** The second factors themselves, for sign-in and for the account's settings. */
@Module({
  imports: [TypeOrmModule.forFeature([MfaSettingsEntity]), CredentialsModule],
  providers: [MfaSettingsRepository, TotpSecretCipher, MfaFactors],
  exports: [MfaFactors],
})
export class MfaFactorsModule {}
