import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CredentialsModule } from '../account/credentials.module';
import { SignInModule } from '../sign-in/sign-in.module';
import { UserModule } from '../user/user.module';
import { PasskeyChallengeEntity } from './passkey-challenge.entity';
import { PasskeyChallengeRepository } from './passkey-challenge.repository';
import { PasskeySignIn } from './passkey-sign-in.use-case';
import { PasskeyController } from './passkey.controller';
import { PasskeyEntity } from './passkey.entity';
import { PasskeyRepository } from './passkey.repository';
import { RegisterPasskey } from './register-passkey.use-case';
import { RelyingPartyModule } from './relying-party.module';

@Module({
  imports: [
    TypeOrmModule.forFeature([PasskeyEntity, PasskeyChallengeEntity]),
    CredentialsModule,
    SignInModule,
    UserModule,
    RelyingPartyModule,
  ],
  controllers: [PasskeyController],
  providers: [PasskeyRepository, PasskeyChallengeRepository, RegisterPasskey, PasskeySignIn],
})
export class PasskeyModule {}
