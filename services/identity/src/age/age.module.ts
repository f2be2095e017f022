import { Module } from '@nestjs/common';
import { GuestModule } from '../guest/guest.module';
import { TokenIssuerModule } from '../token/token-issuer.module';
import { UserModule } from '../user/user.module';
import { AgeController } from './age.controller';
import { SetAge } from './set-age.use-case';

/** The user's age (docs/safety.md, "Age"). */
@Module({
  imports: [UserModule, GuestModule, TokenIssuerModule],
  controllers: [AgeController],
  providers: [SetAge],
})
export class AgeModule {}
