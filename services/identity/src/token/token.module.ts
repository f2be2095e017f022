import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GuestModule } from '../guest/guest.module';
import { AuthSessionStoreModule } from '../session/auth-session-store.module';
import { UserModule } from '../user/user.module';
import { RefreshTokenEntity } from './refresh-token.entity';
import { RefreshTokenRepository } from './refresh-token.repository';
import { RefreshTokens } from './refresh-tokens.use-case';
import { TokenIssuerModule } from './token-issuer.module';
import { TokenController } from './token.controller';
import { TokenService } from './token.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([RefreshTokenEntity]),
    TokenIssuerModule,
    UserModule,
    GuestModule,
    AuthSessionStoreModule,
  ],
  controllers: [TokenController],
  providers: [RefreshTokenRepository, RefreshTokens, TokenService],
})
export class TokenModule {}
