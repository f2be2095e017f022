import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type ReplyOf, Subjects } from '@backtalk/proto';
import { IdentityConfig } from '../identity.config';
import { SigningKeyService } from './signing-key.service';

@Controller()
export class JwksController {
  constructor(
    private readonly signingKeys: SigningKeyService,
    private readonly config: IdentityConfig,
  ) {}

  /** The public keys the gateway verifies tokens with, and the issuer they carry. */
  @MessagePattern(Subjects.IdentityJwksGet)
  async jwks(): Promise<ReplyOf<typeof Subjects.IdentityJwksGet>> {
    return { keys: [(await this.signingKeys.current()).publicJwk], issuer: this.config.JWT_ISSUER };
  }
}
