import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { DeleteAccount } from './delete-account.use-case';

@Controller()
export class AccountDeletionController {
  constructor(private readonly deleteAccount: DeleteAccount) {}

  @MessagePattern(Subjects.IdentityAccountDelete)
  delete(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityAccountDelete>,
  ): Promise<ReplyOf<typeof Subjects.IdentityAccountDelete>> {
    return this.deleteAccount.execute(request);
  }
}
