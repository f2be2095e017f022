import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TokenIssuerModule } from '../token/token-issuer.module';
import { CreateGuest } from './create-guest.use-case';
import { GuestPasswordEntity } from './guest-password.entity';
import { GuestUserEntity } from './guest-user.entity';
import { GuestController } from './guest.controller';
import { GuestRepository } from './guest.repository';
import { GuestPurgeScheduler } from './guest-purge.scheduler';
import { PurgeGuests } from './purge-guests.use-case';
import { ConvertGuest } from './convert-guest.use-case';
import { AuthSessionStoreModule } from '../session/auth-session-store.module';

@Module({
  imports: [
    TypeOrmModule.forFeature([GuestUserEntity, GuestPasswordEntity]),
    TokenIssuerModule,
    AuthSessionStoreModule,
  ],
  controllers: [GuestController],
  providers: [GuestRepository, CreateGuest, PurgeGuests, ConvertGuest, GuestPurgeScheduler],
  exports: [GuestRepository, ConvertGuest],
})
export class GuestModule {}
