import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { CheckVerification } from './check-verification.use-case';
import { CreateVerificationKey } from './create-verification-key.use-case';
import { CreatorVerificationKeyRepository } from './creator-verification-key.repository';
import { statusOf } from './verification-key.format';

/** Every handler acts on the actor's own key only: no request names another user. */
@Controller()
export class VerificationController {
  constructor(
    private readonly keys: CreatorVerificationKeyRepository,
    private readonly createKey: CreateVerificationKey,
    private readonly check: CheckVerification,
  ) {}

  @MessagePattern(Subjects.CreatorsVerificationKeyGet)
  async get(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.CreatorsVerificationKeyGet>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsVerificationKeyGet>> {
    const key = await this.keys.findOwn(actor.userId);
    if (!key) return { verificationKey: null };
    return {
      verificationKey: {
        key: key.key,
        tikTokUserId: key.tikTokUserId,
        status: statusOf(key),
        createdAt: key.createdAt.toISOString(),
      },
    };
  }

  @MessagePattern(Subjects.CreatorsVerificationKeyCreate)
  create(@Payload() request: ParsedRequestOf<typeof Subjects.CreatorsVerificationKeyCreate>) {
    return this.createKey.execute(request);
  }

  @MessagePattern(Subjects.CreatorsVerificationCheck)
  verify(@Payload() request: ParsedRequestOf<typeof Subjects.CreatorsVerificationCheck>) {
    return this.check.execute(request);
  }
}
