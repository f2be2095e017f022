import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SignInModule } from '../sign-in/sign-in.module';
import { RefreshTokenEntity } from '../token/refresh-token.entity';
import { UserEntity } from '../user/user.entity';
import { FinishOAuthSignIn } from './finish-oauth-sign-in.use-case';
import { OAuthAccounts } from './oauth-accounts';
import { OAuthAuthorizationEntity } from './oauth-authorization.entity';
import { OAuthAuthorizationRepository } from './oauth-authorization.repository';
import { OAuthController } from './oauth.controller';
import { OAuthEndSession } from './oauth-end-session.use-case';
import { OAuthProvidersModule } from './oauth-providers.module';
import { OAuthSessionEntity } from './oauth-session.entity';
import { OAuthSessionRepository } from './oauth-session.repository';
import { StartOAuthSignIn } from './start-oauth-sign-in.use-case';
import { UserIdentityEntity } from './user-identity.entity';
import { UserIdentityRepository } from './user-identity.repository';

/** OAuth / OpenID Connect sign-in with Google, Apple, Amazon and Facebook (docs/architecture.md, "OAuth sign-in"). */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      OAuthAuthorizationEntity,
      UserIdentityEntity,
      OAuthSessionEntity,
      UserEntity,
      RefreshTokenEntity,
    ]),
    SignInModule,
    OAuthProvidersModule,
  ],
  controllers: [OAuthController],
  providers: [
    OAuthAuthorizationRepository,
    OAuthSessionRepository,
    UserIdentityRepository,
    OAuthAccounts,
    StartOAuthSignIn,
    FinishOAuthSignIn,
    OAuthEndSession,
  ],
})
export class OAuthModule {}
