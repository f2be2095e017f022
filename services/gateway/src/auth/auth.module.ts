import { AccountDeletionController } from './account-deletion.controller';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller';
import { AuthFlowHttp } from './auth-flow.http';
import { DevOutboxController } from './dev-outbox.controller';
import { SessionLiveness } from './session-liveness';
import { SignInController } from './sign-in.controller';
import { AuthGuard } from './auth.guard';
import { JwtVerifier } from './jwt-verifier';
import { MfaController } from './mfa.controller';
import { OAuthController } from './oauth/oauth.controller';
import { PasskeysController } from './passkeys.controller';

@Module({
  controllers: [
    AuthController,
    AccountDeletionController,
    SignInController,
    MfaController,
    PasskeysController,
    DevOutboxController,
    OAuthController,
  ],
  providers: [JwtVerifier, SessionLiveness, AuthFlowHttp, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [JwtVerifier],
})
export class AuthModule {}
