import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { JwtVerifier } from './jwt-verifier';

@Module({
  controllers: [AuthController],
  providers: [JwtVerifier, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [JwtVerifier],
})
export class AuthModule {}
