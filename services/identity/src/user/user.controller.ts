import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { IdentityError } from '../identity.errors';
import { UserRepository } from './user.repository';

@Controller()
export class UserController {
  constructor(private readonly users: UserRepository) {}

  /**
   * Internal (only creators may call it): the user proved ownership of a profile and is now a
   * creator (spec §3 User.isCreator). Idempotent. Guests cannot become creators.
   */
  @MessagePattern(Subjects.IdentityUserMarkCreator)
  async markCreator(
    @Payload() { userId }: ParsedRequestOf<typeof Subjects.IdentityUserMarkCreator>,
  ): Promise<ReplyOf<typeof Subjects.IdentityUserMarkCreator>> {
    const user = await this.users.findOwn(userId);
    if (!user || user.isGuest) throw IdentityError.userNotFound();
    if (!user.isCreator) await this.users.markCreator(userId);
    return { isCreator: true };
  }
}
