import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RefreshTokenEntity } from '../token/refresh-token.entity';
import { TokenIssuerModule } from '../token/token-issuer.module';
import { CompleteSignIn } from './complete-sign-in.use-case';

@Module({
  imports: [TypeOrmModule.forFeature([RefreshTokenEntity]), TokenIssuerModule],
  providers: [CompleteSignIn],
  exports: [CompleteSignIn],
})
export class SignInModule {}
