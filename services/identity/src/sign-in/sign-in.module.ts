import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CredentialsModule } from '../account/credentials.module';
import { OAuthProvidersModule } from '../oauth/oauth-providers.module';
import { GuestModule } from '../guest/guest.module';
import { AuthSessionStoreModule } from '../session/auth-session-store.module';
import { TokenIssuerModule } from '../token/token-issuer.module';
import { MfaFactorsModule } from '../mfa/mfa-factors.module';
import { RelyingPartyModule } from '../passkey/relying-party.module';
import { UserModule } from '../user/user.module';
import { CompleteSignIn } from './complete-sign-in.use-case';
import { RespondToChallenge } from './respond-to-challenge.use-case';
import { SignInChallengeEntity } from './sign-in-challenge.entity';
import { SignInChallengeRepository } from './sign-in-challenge.repository';
import { SignInController } from './sign-in.controller';
import { SecondFactor } from './second-factor';
import { SignInSteps } from './sign-in-steps';
import { StartSignIn } from './start-sign-in.use-case';

@Module({
  imports: [
    TypeOrmModule.forFeature([SignInChallengeEntity]),
    CredentialsModule,
    UserModule,
    GuestModule,
    TokenIssuerModule,
    AuthSessionStoreModule,
    MfaFactorsModule,
    RelyingPartyModule,
    OAuthProvidersModule,
  ],
  controllers: [SignInController],
  providers: [
    SignInChallengeRepository,
    CompleteSignIn,
    SignInSteps,
    SecondFactor,
    StartSignIn,
    RespondToChallenge,
  ],
  exports: [SignInChallengeRepository, CompleteSignIn, SecondFactor],
})
export class SignInModule {}
