import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { IdentityError } from '../identity.errors';
import { UserRepository } from '../user/user.repository';
import { toSession } from './session.mapper';

@Controller()
export class SessionController {
  constructor(private readonly users: UserRepository) {}

  /** The caller's own session, read fresh (groups and creator status may have changed since the token). */
  @MessagePattern(Subjects.IdentitySessionGet)
  async get(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.IdentitySessionGet>,
  ): Promise<ReplyOf<typeof Subjects.IdentitySessionGet>> {
    const user = await this.users.findOwn(actor.userId);
    if (!user) throw IdentityError.userNotFound();
    return toSession(user);
  }
}
