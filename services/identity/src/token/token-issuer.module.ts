import { Module } from '@nestjs/common';
import { SigningKeyModule } from '../signing-key/signing-key.module';
import { TokenIssuerService } from './token-issuer.service';

/** Token signing on its own, so guest creation and refresh can both issue tokens. */
@Module({
  imports: [SigningKeyModule],
  providers: [TokenIssuerService],
  exports: [TokenIssuerService],
})
export class TokenIssuerModule {}
