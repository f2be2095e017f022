import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller';
import { AuthFlowHttp } from './auth-flow.http';
import { DevOutboxController } from './dev-outbox.controller';
import { SignInController } from './sign-in.controller';
import { AuthGuard } from './auth.guard';
import { JwtVerifier } from './jwt-verifier';
import { OAuthController } from './oauth/oauth.controller';

@Module({
  controllers: [AuthController, SignInController, DevOutboxController, OAuthController],
  providers: [JwtVerifier, AuthFlowHttp, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [JwtVerifier],
})
export class AuthModule {}
